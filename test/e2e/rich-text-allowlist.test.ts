/**
 * One rich-text allowlist (issue 40 item 5, shared/rich-text.ts): the upstream's sanitize-html and
 * the web's DOM walker (web/src/components/rich-text/safe-html.ts, run in Chromium as the page runs
 * it) keep the same elements, attributes and text of the same input. Both results are written out by
 * the browser's own HTML serialiser, so only what they keep is compared, not how each writes it.
 */
import { resolve } from 'node:path'
import t from 'tap'
import { build, type Rolldown } from 'vite'
import { sanitiseRichText } from '../../server/upstream/rich-text/sanitise.js'
import { launchBrowser } from './browser.js'

const INPUTS = [
  '<p>Plain <b>bold</b>, <i>italic</i>, <strong>s</strong>, <em>e</em>, <u>u</u>, <s>struck</s></p>',
  '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre>x</pre><p><code>c</code></p>',
  '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script><a href="javascript:window.__pwned=1">x</a>',
  '<a href="JaVaScRiPt:alert(1)">y</a><a href=" javascript:alert(1)">z</a><a href="java&#x09;script:alert(1)">tab</a>',
  '<a href="https://example.com/?a=1&b=2" onclick="x()" target="_blank" title="t"><b>ok</b></a>',
  '<a href="mailto:ccoe@example.com">mail</a><a href="//evil.example">rel</a><a href="/faqs">relative</a><a href="#top">anchor</a>',
  '<a href=" https://example.com/ ">spaced</a><a href="ftp://example.com">ftp</a><a>none</a>',
  '<p onmouseover="x()" style="color:red" class="c" id="i">t</p>',
  '<div><span style="color:red">red</span><br></div>',
  '<svg><script>alert(1)</script></svg><iframe src="https://x">f</iframe><style>p{}</style>',
  '<svg><text>drawn</text><a href="https://x">in</a></svg><math><mi>x</mi></math>after',
  '<title>t</title><textarea>typed</textarea><select><option>o</option></select><noscript><p>n</p></noscript>',
  '<template><p>t</p></template><object data="x">fallback</object>words',
  '<table><tr><td>cell</td></tr></table><img src="x" alt="pic">text<!-- a comment -->',
  '<p>1 < 2 & 3 > 2 "quoted"</p>',
  '<<script>alert(1)//<</script>',
]

/** safe-html.ts for the browser: one script that leaves `safeHtml` on the window. */
async function safeHtmlScript(): Promise<string> {
  const built = (await build({
    configFile: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: false,
      lib: { entry: resolve('web/src/components/rich-text/safe-html.ts'), formats: ['iife'], name: 'safeHtml' },
    },
  })) as Rolldown.RolldownOutput[]
  return built[0].output[0].code
}

t.test('the server and the web keep the same of the same input', async (t) => {
  const page = await (await launchBrowser(t)).newPage()
  await page.addScriptTag({ content: await safeHtmlScript() })
  const kept = await page.evaluate(
    ([inputs, server]) => {
      const { safeBody } = Reflect.get(window, 'safeHtml') as { safeBody: (html: string) => HTMLElement }
      // no named function here: tsx would wrap it in a helper the page does not have
      return inputs.map((input, i) => ({
        web: safeBody(input).innerHTML,
        server: new DOMParser().parseFromString(`<!doctype html><body>${server[i]}`, 'text/html').body.innerHTML,
      }))
    },
    [INPUTS, INPUTS.map(sanitiseRichText)] as const,
  )
  INPUTS.forEach((input, i) => t.equal(kept[i].web, kept[i].server, input))
  t.equal(
    kept.map((k) => k.web).join(''),
    [
      '<p>Plain <b>bold</b>, <i>italic</i>, <strong>s</strong>, <em>e</em>, <u>u</u>, <s>struck</s></p>',
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre>x</pre><p><code>c</code></p>',
      '<a>x</a>',
      '<a>y</a><a>z</a><a>tab</a>',
      '<a href="https://example.com/?a=1&amp;b=2"><b>ok</b></a>',
      '<a href="mailto:ccoe@example.com">mail</a><a>rel</a><a>relative</a><a>anchor</a>',
      '<a href="https://example.com/">spaced</a><a>ftp</a><a>none</a>',
      '<p>t</p>',
      '<div>red<br></div>',
      '',
      'after',
      '',
      'words',
      'celltext',
      '<p>1 &lt; 2 &amp; 3 &gt; 2 "quoted"</p>',
      '&lt;',
    ].join(''),
    'what both keep, exactly',
  )
})
