import '@blueprintjs/core/lib/css/blueprint.css'
import './app/styles.css'
// the rich text's rules (paragraph margins, underlined links) with the entry: with the lazy editor's
// chunk alone a list opened first had none of them; here, not in the view, so the view's module
// loads in node's unit tests
import './components/rich-text/rich-text.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProvider } from './app/provider.js'
import { AppRouter } from './app/router.js'
import { installHistoryHold } from './lib/history-hold.js'
import { installIconLoader } from './lib/icons.js'

installIconLoader()
// before the router subscribes: its popstate listener must come second
installHistoryHold()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
)
