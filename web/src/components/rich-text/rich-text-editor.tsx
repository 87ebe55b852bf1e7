import { Button, ButtonGroup, Classes, type IconName } from '@blueprintjs/core'
import { useCallback, useEffect, useRef, useState, type ClipboardEvent } from 'react'
import { safeBody } from './safe-html.js'
import './rich-text.css'

export interface RichTextEditorProps {
  id: string
  /** the field's name for assistive technology (the form's label does not name a contenteditable) */
  label: string
  /** HTML; '' for no text */
  value: string
  invalid?: boolean
  required?: boolean
  disabled?: boolean
  onChange: (html: string) => void
}

interface Command {
  command: 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList'
  icon: IconName
  title: string
  keys?: string
}

const COMMANDS: readonly Command[] = [
  { command: 'bold', icon: 'bold', title: 'Bold', keys: 'Ctrl+B' },
  { command: 'italic', icon: 'italic', title: 'Italic', keys: 'Ctrl+I' },
  { command: 'insertUnorderedList', icon: 'properties', title: 'Bulleted list' },
  { command: 'insertOrderedList', icon: 'numbered-list', title: 'Numbered list' },
]

/** The editor's HTML, or '' when it holds no words (an empty paragraph is no answer). */
function htmlOf(element: HTMLElement): string {
  return element.textContent?.trim() ? element.innerHTML : ''
}

/**
 * A small rich-text editor: a contenteditable styled as a Blueprint input, with a toolbar for bold,
 * italic and lists (document.execCommand, which every browser still implements for contenteditable).
 * Keyboard: Tab reaches the toolbar's buttons and the text; Ctrl+B and Ctrl+I format; Enter starts a
 * paragraph. It writes only what the allowlist keeps; a stored value is cleaned (safe-html.ts) before
 * it enters the live page, and a paste is taken as plain text. The height is the CSS variable
 * --rich-text-height (500 px; service products 300 px, spec 001 §9).
 */
export function RichTextEditor({ id, label, value, invalid, required, disabled, onChange }: RichTextEditorProps) {
  const ref = useRef<HTMLDivElement>(null)
  const emitted = useRef<string | undefined>(undefined)
  const [active, setActive] = useState<Record<string, boolean>>({})

  // a value from outside (the record loaded, a reset) replaces the content; our own echo does not
  useEffect(() => {
    const element = ref.current
    if (!element || value === emitted.current) return
    const clean = safeBody(value)
    element.replaceChildren(...[...clean.childNodes].map((n) => document.importNode(n, true)))
    emitted.current = value
  }, [value])

  const refreshActive = useCallback(() => {
    if (document.activeElement !== ref.current) return
    setActive(Object.fromEntries(COMMANDS.map((c) => [c.command, document.queryCommandState(c.command)])))
  }, [])

  useEffect(() => {
    document.addEventListener('selectionchange', refreshActive)
    return () => document.removeEventListener('selectionchange', refreshActive)
  }, [refreshActive])

  const emit = () => {
    if (!ref.current) return
    const html = htmlOf(ref.current)
    emitted.current = html
    onChange(html)
  }

  const run = (command: Command['command']) => {
    ref.current?.focus()
    document.execCommand(command)
    emit()
    refreshActive()
  }

  const paste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault()
    document.execCommand('insertText', false, event.clipboardData.getData('text/plain'))
  }

  return (
    <div className={`rich-text-editor${invalid ? ' rich-text-editor--invalid' : ''}`}>
      <ButtonGroup className="rich-text-editor__toolbar" role="toolbar" aria-label={`${label} formatting`} aria-controls={id}>
        {COMMANDS.map((c) => (
          <Button
            key={c.command}
            icon={c.icon}
            size="small"
            variant="minimal"
            aria-label={c.title}
            title={c.keys ? `${c.title} (${c.keys})` : c.title}
            aria-pressed={active[c.command] ?? false}
            active={active[c.command] ?? false}
            disabled={disabled}
            // keep the selection in the text while the button is pressed
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => run(c.command)}
          />
        ))}
      </ButtonGroup>
      <div
        ref={ref}
        id={id}
        className={`${Classes.INPUT} rich-text-editor__content rich-text`}
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-disabled={disabled || undefined}
        contentEditable={!disabled}
        suppressContentEditableWarning
        tabIndex={disabled ? -1 : 0}
        onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
        onInput={emit}
        onPaste={paste}
      />
    </div>
  )
}
