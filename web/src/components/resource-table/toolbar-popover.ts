import type { PopoverProps } from '@blueprintjs/core'

/** the element that had the focus when each open popover opened (its button) */
const openers = new WeakMap<HTMLElement, Element | null>()

/** what a person works in a toolbar popover: its checkboxes, inputs, buttons and menu items */
const CONTROL = 'input, button, [role=menuitem]'

/**
 * What the list toolbar's popovers (Columns, Views) share so that a keyboard alone uses them, as a
 * menu button does (WAI-ARIA APG): opened, the focus is on the first control that takes it, not on
 * Blueprint's focus trap two Tabs before it; closed, it is back on the button that opened them
 * (Blueprint does so after Escape only) unless it has gone somewhere else meanwhile.
 */
export const TOOLBAR_POPOVER = {
  placement: 'bottom-start',
  onOpening: (node) => openers.set(node, document.activeElement),
  // a person quicker than the opening transition is already inside: the focus stays where they put it
  onOpened: (node) => {
    const focus = document.activeElement
    if (focus && node.contains(focus) && focus.matches(CONTROL)) return
    node.querySelector<HTMLElement>('input:enabled, [role=menuitem]:not([aria-disabled=true])')?.focus()
  },
  onClosed: (node) => {
    const opener = openers.get(node)
    const focus = document.activeElement
    if (opener instanceof HTMLElement && opener.isConnected && (focus === null || focus === document.body || node.contains(focus))) {
      opener.focus()
    }
  },
} satisfies Partial<PopoverProps>
