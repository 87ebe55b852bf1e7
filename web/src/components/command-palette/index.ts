export { CommandPalette, type CommandPaletteProps, type PaletteScreen } from './command-palette.js'
export { CommandPaletteButton, type CommandPaletteButtonProps } from './command-palette-button.js'
