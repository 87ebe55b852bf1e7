import '@blueprintjs/core/lib/css/blueprint.css'
import './app/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProvider } from './app/provider.js'
import { AppRouter } from './app/router.js'
import { installIconLoader } from './lib/icons.js'

installIconLoader()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
)
