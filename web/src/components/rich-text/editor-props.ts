/** The rich-text editor's props: what the form gives it, and what its lazily loaded draft-js part takes. */
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
