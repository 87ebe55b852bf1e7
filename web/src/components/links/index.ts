export { CsvLink, type CsvLinkProps } from './csv-link.js'
export { LinkButton, type LinkButtonProps } from './link-button.js'
export { MenuLink, type MenuLinkProps } from './menu-link.js'
