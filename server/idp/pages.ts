import { createHash } from 'node:crypto'

/** The embedded IdP's few HTML pages: plain, readable, no external assets. */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

// logout is one redirect chain: the confirmation form submits itself
const AUTO_SUBMIT = "document.getElementById('op.logoutForm').submit()"

/** The pages' CSP: no script but the one auto-submit line, forms post only to this origin. */
export const IDP_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  `script-src 'sha256-${createHash('sha256').update(AUTO_SUBMIT).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ')

const STYLE = `
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f6f7f9;
    color: #1c2127; margin: 0; display: flex; min-height: 100vh; align-items: center; justify-content: center; }
  main { background: #fff; padding: 32px 40px; border-radius: 6px; width: 320px;
    box-shadow: 0 1px 3px rgba(17, 20, 24, .15), 0 4px 12px rgba(17, 20, 24, .1); }
  h1 { font-size: 20px; font-weight: 600; margin: 0 0 4px; }
  p.hint { color: #5f6b7c; font-size: 13px; margin: 0 0 20px; }
  label { display: block; font-size: 14px; margin: 12px 0 4px; }
  input { box-sizing: border-box; width: 100%; padding: 8px 10px; font-size: 14px; border: 1px solid #abb3bf; border-radius: 4px; }
  input:focus { outline: 2px solid #2d72d2; border-color: #2d72d2; }
  button { margin-top: 20px; width: 100%; padding: 9px; font-size: 14px; font-weight: 600; color: #fff;
    background: #2d72d2; border: 0; border-radius: 4px; cursor: pointer; }
  button:hover { background: #215db0; }
  .error { background: #fcebeb; color: #ac2f33; border: 1px solid #e76a6e; border-radius: 4px; padding: 8px 10px; font-size: 14px; }
`

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`
}

export function loginPage(opts: { action: string; email?: string; error?: string }): string {
  const error = opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : ''
  return page(
    'Sign in - CCoE Portal',
    `<h1>Sign in</h1>
<p class="hint">CCoE Portal development sign-in</p>
${error}
<form method="post" action="${escapeHtml(opts.action)}" autocomplete="on">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" required autofocus autocomplete="username" value="${escapeHtml(opts.email ?? '')}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" required autocomplete="current-password">
  <button type="submit">Sign in</button>
</form>`,
  )
}

/** `form` is oidc-provider's confirmation form (with its xsrf field); logout=yes ends the IdP session too. */
export function logoutPage(form: string): string {
  const withChoice = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')
  return page(
    'Signing out - CCoE Portal',
    `<h1>Signing you out…</h1>
${withChoice}
<noscript><button type="submit" form="op.logoutForm">Continue</button></noscript>
<script>${AUTO_SUBMIT}</script>`,
  )
}

export function loggedOutPage(): string {
  return page('Signed out - CCoE Portal', '<h1>Signed out</h1><p class="hint">You have been signed out.</p>')
}

export function errorPage(message: string): string {
  return page('Sign-in error - CCoE Portal', `<h1>Sign-in error</h1><p class="error" role="alert">${escapeHtml(message)}</p>`)
}
