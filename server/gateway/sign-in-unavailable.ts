/** Seconds a browser is told to wait before trying the identity provider again. */
export const SIGN_IN_RETRY_AFTER_SECONDS = 30

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/**
 * What a person sees when the identity provider does not answer: the reason in plain words and a way
 * to try again, never a stack or an address. A page of its own (no script, the gateway's CSP allows
 * inline styles only), because the portal's app cannot load a session that cannot start.
 */
export function signInUnavailablePage(retryHref: string): string {
  const retry = escapeHtml(retryHref)
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign-in unavailable - CCoE Portal</title>
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f6f7f9; color: #1c2127; margin: 0; }
  main { max-width: 28rem; margin: 15vh auto; padding: 2rem; background: #fff; border-radius: 4px; box-shadow: 0 0 0 1px rgba(17,20,24,.1), 0 1px 1px rgba(17,20,24,.2); }
  h1 { font-size: 1.25rem; margin: 0 0 .75rem; }
  p { line-height: 1.5; margin: 0 0 1.25rem; color: #404854; }
  a { display: inline-block; margin-right: .75rem; padding: .45rem .9rem; border-radius: 2px; text-decoration: none; }
  .primary { background: #2d72d2; color: #fff; }
  .secondary { color: #215db0; }
</style>
</head>
<body>
<main role="alert">
<h1>Sign-in is unavailable right now</h1>
<p>The company's sign-in service is not answering. Nothing is wrong with your account: please try again in a moment.</p>
<a class="primary" href="${retry}">Try again</a><a class="secondary" href="/unauth/home">Back to the welcome page</a>
</main>
</body>
</html>
`
}
