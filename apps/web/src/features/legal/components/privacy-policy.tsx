import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LegalContact, LegalPage, type LegalSection } from './legal-page';
import { useLegalIdentity } from './use-legal-identity';

/** /privacy: what the portal collects, why, for how long, and the visitor's rights. */
export function PrivacyPolicy() {
  const who = useLegalIdentity();
  const sections: LegalSection[] = [
    {
      id: 'collect',
      title: 'Information we collect',
      content: (
        <>
          <p>We collect only what the portal needs to work for our members and visitors:</p>
          <ul>
            <li>
              <strong>Account:</strong> your first and last name, email address, password, role,
              account status, membership level and payment status. Your password is stored only as a
              one-way hash; nobody at the chamber can read it.
            </li>
            <li>
              <strong>Member profile and directory listing:</strong> business name, phone, website,
              street address, city, state and ZIP, bio, tagline, specialties, coupon codes, profile
              photo, cover image and the date you joined.
            </li>
            <li>
              <strong>Events:</strong> the events you create (title, description, times, location,
              links) and your event registrations: name, email, phone, number of guests and any
              notes.
            </li>
            <li>
              <strong>Uploads:</strong> photos, cover images and event files you upload. Images are
              re-encoded when uploaded, which removes hidden data such as camera location.
            </li>
            <li>
              <strong>Messages and nominations:</strong> the name, email, phone and message you send
              through our contact, membership and nomination forms, and the person or business you
              nominate.
            </li>
            <li>
              <strong>Newsletters and announcements:</strong> the address each message went to and
              whether it was delivered, bounced or unsubscribed. Clicks are recorded only for
              messages whose sender chose to count them: their links lead through the portal first,
              which records which link you followed and when. Opens are recorded only while the
              chamber has turned on counting them: its messages then carry a small invisible image
              that records when you first opened the message, if your mail program shows images.
              Otherwise no clicks or opens are recorded.
            </li>
            <li>
              <strong>Technical data:</strong> your IP address and the time of each request, used to
              keep the portal secure (for example to limit repeated sign-in attempts). Our logs
              never contain passwords, sign-in codes, tokens or uploaded files.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'use',
      title: 'How we use it',
      content: (
        <ul>
          <li>To run your account, sign you in and keep it secure.</li>
          <li>To show your business in the member directory and on your member page.</li>
          <li>
            To publish events, confirm registrations by email and tell organizers who is coming.
          </li>
          <li>To answer your messages, process membership requests and judge nominations.</li>
          <li>To send service email, such as confirmation codes and password notices.</li>
          <li>To meet our legal obligations and protect the portal from abuse.</li>
        </ul>
      ),
    },
    {
      id: 'public',
      title: 'What others can see',
      content: (
        <p>
          Your directory listing is public: business name, person name, phone, tagline and, on
          Enhanced and Elite memberships, your bio, website, address and map; Elite listings add
          coupons and a cover image. Your email address is shown only to signed-in members. Event
          registrations are visible only to the event&apos;s organizer and chamber staff. Pending
          accounts are not listed until staff confirm the membership.
        </p>
      ),
    },
    {
      id: 'sharing',
      title: 'Sharing',
      content: (
        <>
          <p>
            We do not sell or rent personal information, and we do not share it for advertising. We
            share it only:
          </p>
          <ul>
            <li>with providers that host the portal and deliver its email, under contract;</li>
            <li>
              with our lead-management service, when you use a sign-up, survey or contact form
              embedded from it (its own privacy policy applies to what you enter there);
            </li>
            <li>with Google, which serves the maps on contact, member and event pages;</li>
            <li>when the law requires it, or to protect the safety of our members and visitors.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'storage',
      title: 'Cookies and browser storage',
      content: (
        <>
          <p>
            The portal sets no advertising or analytics cookies. It keeps these items in your
            browser&apos;s storage, which you can clear at any time:
          </p>
          <ul>
            <li>
              <code>token</code>: your sign-in, in local storage with &quot;Remember me&quot; (up to
              30 days), otherwise in session storage (until you close the browser, at most 12
              hours).
            </li>
            <li>
              <code>pkce_code_verifier</code>: a one-time secret in session storage while you sign
              in, removed right after.
            </li>
            <li>
              <code>vite-ui-theme</code>: whether you chose the light, dark or system theme.
            </li>
            <li>
              <code>members-view</code>: grid or list view in the member directory.
            </li>
            <li>
              <code>event-favorites</code> and <code>event-registrations</code>: events you marked
              as favourites or registered for on this device.
            </li>
          </ul>
          <p>
            Embedded maps and forms from other services may set their own cookies under their own
            policies.
          </p>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      content: (
        <ul>
          <li>Account, profile and listing: while your account is open.</li>
          <li>
            When an account is closed or a membership ends, we delete or anonymise its data within
            90 days, apart from records the law requires us to keep.
          </li>
          <li>Event registrations: one year after the event.</li>
          <li>Contact messages, membership requests and nominations: two years.</li>
          <li>Sign-in sessions end after 12 hours, or 30 days with &quot;Remember me&quot;.</li>
          <li>Email confirmation codes expire after 10 minutes.</li>
          <li>Security logs: 90 days. Backups are overwritten within 35 days.</li>
        </ul>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      content: (
        <p>
          Passwords and sign-in tokens are stored only as hashes, connections are encrypted, and
          sign-ins and forms are rate limited. Only chamber staff with an administrator account can
          manage member accounts, and every change they make is recorded. No system is perfectly
          secure: if we learn of a breach affecting your data, we will tell you as Utah law
          requires.
        </p>
      ),
    },
    {
      id: 'rights',
      title: 'Your rights and choices',
      content: (
        <>
          <p>
            You can see and correct most of your data yourself on your{' '}
            <Link to={paths.profile.href()}>profile</Link>. You may also ask us to give you a copy
            of your data, to correct it, or to delete it and close your account; we answer within 45
            days. We honour these requests whether or not the Utah Consumer Privacy Act applies to
            us. Service email that your account needs cannot be switched off, but we send nothing
            else without your consent.
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      content: (
        <p>
          The portal is not meant for children. You must be at least 13 years old to use it, and we
          do not knowingly collect personal information from anyone under 13. If we learn that we
          have, we delete it promptly; a parent or guardian may contact us to ask.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes and governing law',
      content: (
        <p>
          We will post any change to this policy here with a new effective date and, for significant
          changes, tell members by email first. This policy is governed by the laws of the State of
          Utah.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      content: (
        <>
          <p>Questions or requests about your privacy go to:</p>
          <LegalContact {...who} />
        </>
      ),
    },
  ];

  return (
    <LegalPage
      title="Privacy Policy"
      sections={sections}
      intro={
        <p>
          The {who.name} (&quot;the chamber&quot;, &quot;we&quot;) runs this member portal at{' '}
          {who.portalUrl}. This policy explains what we collect when you visit, sign up or take
          part, how we use it, and the choices you have.
        </p>
      }
    />
  );
}
