import { Spinner } from '@blueprintjs/core'
import { lazy, Suspense, type ComponentType } from 'react'
import { Redirect, Route, Router, Switch } from 'wouter'
import { allowsRoute, getResource, type Action } from '../../../shared/resources/index.js'
import { paths } from '../config/paths.js'
import { useHeldLocation, useHeldSearch } from '../lib/history-hold.js'
import { LoginPage } from '../features/auth/login-page.js'
import { LogoutPage } from '../features/auth/logout-page.js'
import { WelcomePage } from '../features/auth/welcome-page.js'
import { AppLayout } from './shell/app-layout.js'
import { AuthGuard } from './shell/auth-guard.js'
import { NotFound } from './shell/not-found.js'
import { Allowed } from './shell/not-allowed.js'
import { resourceScreenNeeds, SCREEN_NEEDS, type GuardedScreen } from './screen-needs.js'

// one chunk per route group; the public pages stay in the entry (they are the first paint)
const HomePage = lazy(() => import('../features/home/home-page.js'))
// the generic screens with the models' overrides (resource-screen-with-overrides.tsx)
const ResourceScreen = lazy(() => import('./resource-screen-with-overrides.js'))
const DashStatsPage = lazy(() => import('./dash-stats-screen.js'))
const PosturePage = lazy(() => import('../features/cloud-parents/posture-page.js'))
const MembershipRequestsPage = lazy(() => import('../features/membership-requests/membership-requests-page.js'))
const DirectoryPage = lazy(() => import('../features/directory/directory-page.js'))
// the public self-service pages come with their own chunk (a member opens only them)
const UpdateMemberPage = lazy(async () => ({ default: (await import('../features/self-service/index.js')).UpdateMemberPage }))
const ThankYouPage = lazy(async () => ({ default: (await import('../features/self-service/index.js')).ThankYouPage }))
const MissingTagsPage = lazy(() => import('../features/config/missing-tags-page.js'))
const CustomersPage = lazy(() => import('../features/config/customers-page.js'))
const AwsAccountPage = lazy(() => import('../features/requests/aws-account-page.js'))
const AzureSubscriptionPage = lazy(() => import('../features/requests/azure-subscription-page.js'))
const GcpProjectPage = lazy(() => import('../features/requests/gcp-project-page.js'))
const SpincoSgPage = lazy(() => import('../features/requests/spinco-sg-page.js'))
const BillingAutomationPage = lazy(() => import('../features/billing-automation/billing-automation-page.js'))
const BillsDashboardPage = lazy(() => import('../features/bills-dashboard/bills-dashboard-page.js'))
const AuditPage = lazy(() => import('../features/audit/audit-page.js'))
const SpendPage = lazy(() => import('../features/spend/spend-page.js'))
const ChargeabilityPage = lazy(() => import('../features/chargeability/chargeability-page.js'))

interface ResourceParams {
  action: string
  model: string
  modelId?: string
}

/** /auth/{action}/{model}/{modelId?}: exists only where the registry allows it (spec 001 §2). */
function ResourceRoute({ params }: { params: ResourceParams }) {
  const resource = getResource(params.model)
  const hasId = params.modelId !== undefined
  if (!resource || !allowsRoute(resource, params.action, hasId)) return <NotFound />
  const action = params.action as Action
  return (
    <Allowed needs={resourceScreenNeeds(resource, action, hasId)}>
      <ResourceScreen resource={resource} action={action} modelId={params.modelId} notFound={<NotFound />} />
    </Allowed>
  )
}

/** A fixed screen of paths.auth, behind the Not allowed page where it does more than read (screen-needs.ts). */
function screen(name: GuardedScreen, Page: ComponentType) {
  return (
    <Route path={paths.auth[name].path}>
      <Allowed needs={SCREEN_NEEDS[name]}>
        <Page />
      </Allowed>
    </Route>
  )
}

function AuthRoutes() {
  return (
    <AuthGuard>
      <Switch>
        <Route path={paths.auth.home.path} component={HomePage} />
        <Route path={paths.auth.dashStats.path} component={DashStatsPage} />
        <Route path={paths.auth.accountDetails.path} component={PosturePage} />
        <Route path={paths.auth.membershipRequests.path} component={MembershipRequestsPage} />
        <Route path={paths.auth.missingTagsReport.path} component={MissingTagsPage} />
        <Route path={paths.auth.customers.path} component={CustomersPage} />
        {screen('createAwsAccount', AwsAccountPage)}
        {screen('createAzureSubscription', AzureSubscriptionPage)}
        {screen('createGcpProject', GcpProjectPage)}
        {screen('spincoSgModification', SpincoSgPage)}
        {screen('billingAutomation', BillingAutomationPage)}
        {screen('audit', AuditPage)}
        <Route path={paths.auth.billsDashboard.path} component={BillsDashboardPage} />
        <Route path={paths.auth.spend.path} component={SpendPage} />
        <Route path={paths.auth.chargeability.path} component={ChargeabilityPage} />
        <Route path={paths.auth.activeDirectory.path}>
          {(params) => (/^groups-(aws|azure|gcp)$/.test(params.group ?? '') ? <DirectoryPage params={params} /> : <NotFound />)}
        </Route>
        <Route path={paths.auth.resource.path}>{(params) => <ResourceRoute params={params as ResourceParams} />}</Route>
        <Route component={NotFound} />
      </Switch>
    </AuthGuard>
  )
}

const pageFallback = (
  <div className="page page--centered">
    <Spinner aria-label="Loading the page" />
  </div>
)

export function AppRouter() {
  return (
    // the location hooks that respect a page's hold on Back and Forward (lib/history-hold)
    <Router hook={useHeldLocation} searchHook={useHeldSearch}>
      <AppLayout>
        <Suspense fallback={pageFallback}>
          <Switch>
            <Route path={paths.root.path}>
              <Redirect to={paths.unauth.home.getHref()} replace />
            </Route>
            <Route path={paths.unauth.home.path} component={WelcomePage} />
            <Route path={paths.unauth.login.path} component={LoginPage} />
            <Route path={paths.unauth.logout.path} component={LogoutPage} />
            <Route path={paths.unauth.updateMember.path} component={UpdateMemberPage} />
            <Route path={paths.redirect.path} component={ThankYouPage} />
            <Route path={/^\/auth(?:\/.*)?$/} component={AuthRoutes} />
            <Route component={NotFound} />
          </Switch>
        </Suspense>
      </AppLayout>
    </Router>
  )
}
