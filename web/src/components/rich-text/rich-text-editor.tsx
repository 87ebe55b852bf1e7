import { Classes } from '@blueprintjs/core'
import { lazy, Suspense } from 'react'
import type { RichTextEditorProps } from './editor-props.js'

// draft-js (~70 KB gzip) loads with the first form that has rich text, never with the lists or the welcome
// page; its `global` first (draft-global.ts)
const DraftEditor = lazy(() => import('./draft-global.js').then(() => import('./draft-editor.js')))

/** The rich-text editor of forms (draft-js, loaded on demand); until it is here, an empty box of its height. */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<div className={`${Classes.INPUT} rich-text-editor__loading`} aria-busy="true" />}>
      <DraftEditor {...props} />
    </Suspense>
  )
}
