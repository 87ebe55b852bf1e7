/** Cloud survey responses: the add form with the cloud parent's identifier select (assembled in app/resource-overrides.tsx). */
export { SurveyCreatePage } from './survey-create-page.js'
