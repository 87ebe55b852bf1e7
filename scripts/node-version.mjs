/**
 * The Node.js the portal runs on: the major version package.json's `engines` names. Node 20 is past
 * its end of life and several dependencies need 22 or later; `npm install` brings Node 24 for npm's
 * own scripts (the `node` package), so `npm start` and `npm test` run on it on any machine.
 */
export const SUPPORTED_MAJOR = 24

/** One line saying what to install, or undefined when `version` (as in `process.versions.node`) will do. */
export function nodeVersionProblem(version) {
  const major = Number(version.split('.')[0])
  if (major >= SUPPORTED_MAJOR) return undefined
  return (
    `ccoe-portal: Node.js ${SUPPORTED_MAJOR} LTS is required, this is ${version}: ` +
    `run it through npm (npm start brings Node ${SUPPORTED_MAJOR} after npm install) or install Node ${SUPPORTED_MAJOR} LTS`
  )
}
