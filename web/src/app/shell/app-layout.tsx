import type { ReactNode } from 'react'
import { useThemeSync } from '../theme.js'
import { AppNavbar } from './app-navbar.js'
import './app-layout.css'

export function AppLayout({ children }: { children: ReactNode }) {
  useThemeSync()
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AppNavbar />
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
    </>
  )
}
