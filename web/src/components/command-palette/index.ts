// the palette itself only as types: its code is the button's lazy chunk
export type { CommandPaletteProps, PaletteScreen } from './command-palette.js'
export { CommandPaletteButton, type CommandPaletteButtonProps } from './command-palette-button.js'
