import { useMemo } from 'react'
import { safeBody, toReact } from './safe-html.js'

export interface RichTextViewProps {
  /** the stored HTML; cleaned again here whatever the server did */
  html: string
  className?: string
  /** the hover text (the whole text of a clamped cell) */
  title?: string
}

/** Rich text as formatted text: only the allowlisted elements, built as React elements. */
export function RichTextView({ html, className, title }: RichTextViewProps) {
  const children = useMemo(() => toReact(safeBody(html).childNodes), [html])
  return (
    <div className={className ? `rich-text ${className}` : 'rich-text'} title={title}>
      {children}
    </div>
  )
}
