import { Button, ButtonGroup, Classes, type IconName } from '@blueprintjs/core'
import { ContentState, convertFromHTML, Editor, EditorState, RichUtils, type DraftHandleValue } from 'draft-js'
import 'draft-js/dist/Draft.css'
import { useEffect, useRef, useState } from 'react'
import { contentToHtml } from './draft-html.js'
import type { RichTextEditorProps } from './editor-props.js'
import { safeBody } from './safe-html.js'
import './rich-text.css'

interface Command {
  kind: 'style' | 'block'
  /** the draft-js inline style or block type */
  name: string
  icon: IconName
  title: string
  keys?: string
}

const COMMANDS: readonly Command[] = [
  { kind: 'style', name: 'BOLD', icon: 'bold', title: 'Bold', keys: 'Ctrl+B' },
  { kind: 'style', name: 'ITALIC', icon: 'italic', title: 'Italic', keys: 'Ctrl+I' },
  { kind: 'block', name: 'unordered-list-item', icon: 'properties', title: 'Bulleted list' },
  { kind: 'block', name: 'ordered-list-item', icon: 'numbered-list', title: 'Numbered list' },
]

/** A stored value as editor content: cleaned by the web's allowlist first, then draft-js's own convertFromHTML. */
function editorStateOf(html: string): EditorState {
  const { contentBlocks, entityMap } = convertFromHTML(safeBody(html).innerHTML)
  if (!contentBlocks?.length) return EditorState.createEmpty()
  return EditorState.createWithContent(ContentState.createFromBlockArray(contentBlocks, entityMap))
}

function isActive(state: EditorState, command: Command): boolean {
  if (command.kind === 'style') return state.getCurrentInlineStyle().has(command.name)
  const key = state.getSelection().getStartKey()
  return state.getCurrentContent().getBlockForKey(key)?.getType() === command.name
}

/**
 * The draft-js rich-text editor, styled as a Blueprint input, with a toolbar for bold, italic and
 * lists. Keyboard: Tab reaches the toolbar's buttons and the text; Ctrl+B and Ctrl+I format
 * (RichUtils.handleKeyCommand); Enter starts a paragraph. It writes HTML through contentToHtml, which
 * writes only what the allowlist keeps; a stored value is cleaned (safe-html.ts) before it is read, and
 * a paste is taken as plain text. The height is the CSS variable --rich-text-height (500 px; service
 * products 300 px, spec 001 §9).
 */
export default function DraftRichTextEditor({ id, label, value, invalid, required, disabled, onChange }: RichTextEditorProps) {
  const editorRef = useRef<Editor>(null)
  // `html` is the value the editor last loaded or wrote: a different value is one from outside (the
  // record loaded, a reset), which replaces the content; the echo of our own onChange does not
  const [state, setState] = useState(() => ({ editor: editorStateOf(value), html: value }))
  if (value !== state.html) setState({ editor: editorStateOf(value), html: value })

  // draft-js names its contenteditable only through aria props; the form's id and the states that
  // have no prop are set on the element itself (React leaves attributes it does not manage alone)
  useEffect(() => {
    const content = editorRef.current?.editor
    if (!content) return
    content.id = id
    const flags = { 'aria-required': required, 'aria-invalid': invalid, 'aria-disabled': disabled }
    for (const [name, on] of Object.entries(flags)) {
      if (on) content.setAttribute(name, 'true')
      else content.removeAttribute(name)
    }
  }, [id, required, invalid, disabled])

  const change = (editor: EditorState) => {
    const html = contentToHtml(editor.getCurrentContent())
    setState({ editor, html })
    if (html !== state.html) onChange(html)
  }

  const handleKeyCommand = (command: string, editor: EditorState): DraftHandleValue => {
    const next = RichUtils.handleKeyCommand(editor, command)
    if (!next) return 'not-handled'
    change(next)
    return 'handled'
  }

  const run = (command: Command) => {
    const editor = state.editor
    change(command.kind === 'style' ? RichUtils.toggleInlineStyle(editor, command.name) : RichUtils.toggleBlockType(editor, command.name))
    // after a click the caret must stay in the text, where the next keys go
    requestAnimationFrame(() => editorRef.current?.focus())
  }

  return (
    <div className={`rich-text-editor${invalid ? ' rich-text-editor--invalid' : ''}`}>
      <ButtonGroup className="rich-text-editor__toolbar" role="toolbar" aria-label={`${label} formatting`} aria-controls={id}>
        {COMMANDS.map((c) => {
          const active = isActive(state.editor, c)
          return (
            <Button
              key={c.name}
              icon={c.icon}
              size="small"
              variant="minimal"
              aria-label={c.title}
              title={c.keys ? `${c.title} (${c.keys})` : c.title}
              aria-pressed={active}
              active={active}
              disabled={disabled}
              // keep the selection in the text while the button is pressed
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(c)}
            />
          )
        })}
      </ButtonGroup>
      <div className={`${Classes.INPUT} rich-text-editor__content rich-text`} onClick={() => editorRef.current?.focus()}>
        <Editor
          ref={editorRef}
          editorState={state.editor}
          onChange={change}
          handleKeyCommand={handleKeyCommand}
          ariaLabel={label}
          ariaMultiline
          readOnly={disabled}
          stripPastedStyles
        />
      </div>
    </div>
  )
}
