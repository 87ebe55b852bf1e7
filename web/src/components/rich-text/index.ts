/** Rich text: the editor of forms, the formatted view of lists and cards, and the web's allowlist. */
export type { RichTextEditorProps } from './editor-props.js'
export { RichTextEditor } from './rich-text-editor.js'
export { RichTextView, type RichTextViewProps } from './rich-text-view.js'
export { plainText, safeBody } from './safe-html.js'
