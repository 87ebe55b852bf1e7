/** Just enough HTML for a digest: every text that comes from the database goes through `escapeHtml`. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const CELL = 'style="padding:2px 12px 2px 0;text-align:left"'
const NUMBER = 'style="padding:2px 0 2px 12px;text-align:right;white-space:nowrap"'

/** A table of texts: the header row, the body rows, and a footer row; numbers (from column `firstNumber` on) right-aligned. */
export function htmlTable(caption: string, head: string[], body: string[][], foot: string[], firstNumber: number): string {
  const row = (cells: string[], tag: 'th' | 'td') =>
    `<tr>${cells.map((c, i) => `<${tag} ${i >= firstNumber ? NUMBER : CELL}>${escapeHtml(c)}</${tag}>`).join('')}</tr>`
  return (
    `<table style="border-collapse:collapse;margin:0 0 16px"><caption style="text-align:left;font-weight:bold">${escapeHtml(caption)}</caption>` +
    `<thead>${row(head, 'th')}</thead><tbody>${body.map((cells) => row(cells, 'td')).join('')}</tbody>` +
    `<tfoot>${row(foot, 'th')}</tfoot></table>`
  )
}
