/**
 * The rich-text editor's HTML out (web/src/components/rich-text/draft-html.ts): draft-js content, as
 * the editor holds it, written as the stored HTML. Exact strings; each is also left unchanged by the
 * upstream's sanitize-html allowlist, so what the editor writes is what is stored.
 */
import draftJs, { type RawDraftContentState } from 'draft-js'
import t from 'tap'
import { sanitiseRichText } from '../../server/upstream/rich-text/sanitise.js'
import { contentToHtml } from '../../web/src/components/rich-text/draft-html.js'

// draft-js is CommonJS: Node sees only its default export
const { convertFromRaw } = draftJs

type Block = Partial<RawDraftContentState['blocks'][number]> & { text: string }

const html = (blocks: Block[], entityMap: RawDraftContentState['entityMap'] = {}) =>
  contentToHtml(
    convertFromRaw({
      blocks: blocks.map((b, i) => ({ key: `k${i}`, type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], ...b })),
      entityMap,
    }),
  )

const cases: [string, Block[], string, RawDraftContentState['entityMap']?][] = [
  [
    'bold and italic runs, nested in one order',
    [
      {
        text: 'Use bold words',
        inlineStyleRanges: [
          { offset: 4, length: 4, style: 'BOLD' },
          { offset: 6, length: 8, style: 'ITALIC' },
        ],
      },
    ],
    '<p>Use <b>bo</b><b><i>ld</i></b><i> words</i></p>',
  ],
  [
    'text is escaped, never markup',
    [{ text: `<script>alert("x")</script> & 'q'` }],
    `<p>&lt;script&gt;alert("x")&lt;/script&gt; &amp; 'q'</p>`,
  ],
  [
    'list items grouped in one list each; paragraphs between',
    [
      { text: 'a', type: 'unordered-list-item' },
      { text: 'b', type: 'unordered-list-item' },
      { text: 'c' },
      { text: 'd', type: 'ordered-list-item' },
      { text: 'e', type: 'unordered-list-item' },
    ],
    '<ul><li>a</li><li>b</li></ul><p>c</p><ol><li>d</li></ol><ul><li>e</li></ul>',
  ],
  [
    'a soft line break, an empty paragraph, a quote and code',
    [{ text: 'one\ntwo' }, { text: '' }, { text: 'q', type: 'blockquote' }, { text: 'x', type: 'code-block' }],
    '<p>one<br />two</p><p><br /></p><blockquote>q</blockquote><pre>x</pre>',
  ],
  [
    'links: http(s) and mailto kept (escaped), anything else loses its href but keeps its text',
    [
      { text: 'ok', entityRanges: [{ offset: 0, length: 2, key: 0 }] },
      { text: 'mail', entityRanges: [{ offset: 0, length: 4, key: 1 }] },
      { text: 'bad', entityRanges: [{ offset: 0, length: 3, key: 2 }] },
    ],
    '<p><a href="https://example.com/?a=1&amp;b=&quot;2&quot;">ok</a></p><p><a href="mailto:x@example.com">mail</a></p><p>bad</p>',
    {
      0: { type: 'LINK', mutability: 'MUTABLE', data: { url: 'https://example.com/?a=1&b="2"' } },
      1: { type: 'LINK', mutability: 'MUTABLE', data: { url: 'mailto:x@example.com' } },
      2: { type: 'LINK', mutability: 'MUTABLE', data: { url: 'javascript:window.__pwned=1' } },
    },
  ],
]

for (const [name, blocks, expected, entityMap] of cases) {
  t.test(name, async (t) => {
    const written = html(blocks, entityMap)
    t.equal(written, expected)
    t.equal(sanitiseRichText(written), written, 'the upstream stores it unchanged')
  })
}

t.test('no words is no text: empty, blank and empty list items give the empty string', async (t) => {
  t.equal(html([{ text: '' }]), '')
  t.equal(html([{ text: '  ' }, { text: '\n' }]), '')
  t.equal(html([{ text: '', type: 'unordered-list-item' }]), '')
})
