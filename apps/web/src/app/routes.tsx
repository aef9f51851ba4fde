import { Navigate, type RouteObject } from 'react-router';
import { FullPageLoading } from '@/components/layout/full-page-loading';
import { paths } from '@/config/paths';
import { RequireAuth, RequireRole, RequireStaff } from './guards';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * The app's routes, shared by the browser router (router.tsx) and the server renderer
 * (entry-server.tsx). Each page is its own chunk; a route module exports the page as
 * `Component`.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: FullPageLoading,
    ErrorBoundary: RouteError,
    children: [
      { path: paths.home.path, lazy: () => import('./routes/home') },
      { path: paths.dashboard.path, lazy: () => import('./routes/home') },
      { path: paths.login.path, lazy: () => import('./routes/login') },
      { path: paths.register.path, lazy: () => import('./routes/register') },
      { path: paths.registerExisting.path, lazy: () => import('./routes/register-existing') },
      { path: paths.forgotPassword.path, lazy: () => import('./routes/forgot-password') },
      { path: paths.resetPassword.path, lazy: () => import('./routes/reset-password') },
      { path: paths.confirmEmail.path, lazy: () => import('./routes/confirm-email') },
      { path: paths.connectAccount.path, lazy: () => import('./routes/connect-account') },
      { path: paths.join.path, lazy: () => import('./routes/join') },
      { path: paths.newsletter.path, lazy: () => import('./routes/newsletter') },
      { path: paths.newsletterConfirm.path, lazy: () => import('./routes/newsletter-confirm') },
      { path: paths.mailPreferences.path, lazy: () => import('./routes/mail-preferences') },
      { path: paths.nominations.path, lazy: () => import('./routes/nominations') },
      { path: paths.basicMembership.path, lazy: () => import('./routes/basic-membership') },
      { path: paths.enhancedMembership.path, lazy: () => import('./routes/enhanced-membership') },
      { path: paths.eliteMembership.path, lazy: () => import('./routes/elite-membership') },
      {
        Component: RequireAuth,
        children: [
          { path: paths.account.path, lazy: () => import('./routes/account') },
          { path: paths.profile.path, lazy: () => import('./routes/profile') },
          { path: paths.membership.path, lazy: () => import('./routes/membership') },
          { path: paths.myJobPostings.path, lazy: () => import('./routes/my-job-postings') },
          { path: paths.courses.path, lazy: () => import('./routes/courses') },
          { path: paths.checkIn.path, lazy: () => import('./routes/check-in') },
          { path: paths.memberPeople.path, lazy: () => import('./routes/member-people') },
          { path: paths.myDrive.path, lazy: () => import('./routes/my-sponsorship-drive') },
        ],
      },
      {
        element: <RequireRole role="admin" />,
        children: [{ path: paths.admin.path, lazy: () => import('./routes/admin') }],
      },
      {
        element: <RequireStaff />,
        children: [
          { path: paths.communications.path, lazy: () => import('./routes/communications') },
          { path: paths.campaign.path, lazy: () => import('./routes/campaign') },
          { path: paths.noBulkMail.path, lazy: () => import('./routes/no-bulk-mail') },
          { path: paths.sponsorshipDrives.path, lazy: () => import('./routes/sponsorship-drives') },
          { path: paths.sponsorshipDrive.path, lazy: () => import('./routes/sponsorship-drive') },
          {
            path: paths.adminSponsorships.path,
            lazy: () => import('./routes/admin-sponsorships'),
          },
          { path: paths.promoCodes.path, lazy: () => import('./routes/promo-codes') },
          {
            path: paths.adminCampaignNew.path,
            lazy: () => import('./routes/admin-campaign-compose'),
          },
          {
            path: paths.adminCampaignEdit.path,
            lazy: () => import('./routes/admin-campaign-compose'),
          },
        ],
      },
      { path: paths.calendar.path, lazy: () => import('./routes/calendar') },
      { path: paths.event.path, lazy: () => import('./routes/event') },
      { path: paths.manageRegistration.path, lazy: () => import('./routes/manage-registration') },
      { path: paths.invitation.path, lazy: () => import('./routes/invitation') },
      { path: paths.members.path, lazy: () => import('./routes/members') },
      { path: paths.membersOpenNow.path, lazy: () => import('./routes/members') },
      { path: paths.membersCategory.path, lazy: () => import('./routes/members') },
      { path: paths.member.path, lazy: () => import('./routes/member') },
      { path: paths.jobPostings.path, lazy: () => import('./routes/job-postings') },
      { path: paths.jobPosting.path, lazy: () => import('./routes/job-posting') },
      { path: paths.deals.path, lazy: () => import('./routes/deals') },
      { path: paths.sponsorships.path, lazy: () => import('./routes/sponsorships') },
      { path: paths.news.path, lazy: () => import('./routes/news') },
      { path: paths.newsItem.path, lazy: () => import('./routes/news-item') },
      { path: paths.about.path, lazy: () => import('./routes/about') },
      { path: paths.contact.path, lazy: () => import('./routes/contact') },
      { path: paths.privacy.path, lazy: () => import('./routes/privacy') },
      { path: paths.terms.path, lazy: () => import('./routes/terms') },
      { path: '*', element: <Navigate to={paths.home.href()} replace /> },
    ],
  },
];
