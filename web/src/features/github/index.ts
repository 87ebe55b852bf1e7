/** GitHub organization apps: the add and edit screens (assembled in app/resource-overrides.tsx). */
export { GithubAppPage } from './github-app-page.js'
