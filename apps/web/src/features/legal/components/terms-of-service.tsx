import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LegalContact, LegalPage, type LegalSection } from './legal-page';
import { useLegalIdentity } from './use-legal-identity';

/** /terms: the rules of the member portal. */
export function TermsOfService() {
  const who = useLegalIdentity();
  const sections: LegalSection[] = [
    {
      id: 'eligibility',
      title: 'Who may use the portal',
      content: (
        <p>
          You must be at least 13 years old to use the portal. Membership is taken out by a business
          or organisation through an adult authorised to act for it; if you are under 18, you may
          use a member account only with the permission of a parent or guardian.
        </p>
      ),
    },
    {
      id: 'accounts',
      title: 'Your account',
      content: (
        <ul>
          <li>Give accurate information and keep it up to date.</li>
          <li>
            Keep your password to yourself and use &quot;Remember me&quot; only on a device you
            trust. You are responsible for what is done with your account.
          </li>
          <li>Tell us at once if you think someone else has used your account.</li>
          <li>
            New accounts stay pending, and out of the directory, until chamber staff confirm the
            membership.
          </li>
        </ul>
      ),
    },
    {
      id: 'membership',
      title: 'Membership, fees and benefits',
      content: (
        <p>
          Membership runs for a year at the price of its level as published on our membership pages
          when you join or renew. Benefits are those described for your level; event benefits (such
          as luncheon tickets) apply to events the chamber runs and cannot be exchanged for money.
          Fees are not refundable once the membership year has started, unless we end your
          membership without cause. We may change prices or benefits for future membership years and
          will announce changes before renewals.
        </p>
      ),
    },
    {
      id: 'content',
      title: 'Your listing and content',
      content: (
        <>
          <p>
            You keep ownership of what you post: your profile, listing, photos, coupons and events.
            You allow the chamber to show it in the portal and directory, and to feature it in
            chamber communications about members, for as long as it stays posted. You confirm you
            have the right to post it.
          </p>
          <p>
            Content must not be unlawful, misleading, infringing, hateful or sexually explicit, and
            must not:
          </p>
          <ul>
            <li>advertise anything other than your own business and its offers;</li>
            <li>publish other people&apos;s personal information without their consent;</li>
            <li>contain malware or links meant to deceive.</li>
          </ul>
          <p>
            Coupons you publish are offers from your business, which you must honour as written. We
            may edit or remove content that breaks these terms.
          </p>
        </>
      ),
    },
    {
      id: 'events',
      title: 'Events and registrations',
      content: (
        <p>
          Events are published by the chamber and by members, who are responsible for their own
          events. Registering tells the organizer you plan to attend; it is not a ticket or a
          contract unless the organizer says so. Events can change or be cancelled, and we may edit
          or remove any event.
        </p>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      content: (
        <>
          <p>You agree not to:</p>
          <ul>
            <li>copy the member directory in bulk or use it to send unsolicited messages;</li>
            <li>access accounts or data that are not yours, or test the portal&apos;s security;</li>
            <li>overload the portal, or use bots to submit forms, registrations or nominations;</li>
            <li>pretend to be another person or business.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'third-parties',
      title: 'Other services and sites',
      content: (
        <p>
          Some forms are embedded from our lead-management service, maps come from Google, and
          listings link to members&apos; own websites. Those services and sites have their own
          terms, and we are not responsible for them.
        </p>
      ),
    },
    {
      id: 'termination',
      title: 'Suspension and closing an account',
      content: (
        <p>
          You may close your account at any time by contacting us. We may suspend or close an
          account that breaks these terms or whose membership has lapsed; where we can, we will tell
          you why first and give you a chance to put it right.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Disclaimers and liability',
      content: (
        <>
          <p>
            The portal is provided &quot;as is&quot;. We work to keep it available and accurate, but
            we do not guarantee that it will be uninterrupted or error-free, and we do not vouch for
            members, their businesses or their listings.
          </p>
          <p>
            To the extent Utah law allows, the chamber is not liable for indirect or consequential
            losses arising from the portal, and its total liability to you is limited to the
            membership fees you paid in the twelve months before the claim. You agree to cover the
            chamber&apos;s reasonable costs arising from content you post in breach of these terms.
          </p>
        </>
      ),
    },
    {
      id: 'law',
      title: 'Governing law and changes',
      content: (
        <p>
          These terms are governed by the laws of the State of Utah, and disputes belong to the
          state and federal courts located in Utah. We may update these terms; we will post the new
          version here with its effective date and, for significant changes, tell members by email
          before they apply. Our <Link to={paths.privacy.href()}>Privacy Policy</Link> explains how
          we handle personal information.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      content: (
        <>
          <p>Questions about these terms go to:</p>
          <LegalContact {...who} />
        </>
      ),
    },
  ];

  return (
    <LegalPage
      title="Terms of Service"
      sections={sections}
      intro={
        <p>
          These terms apply to the member portal of the {who.name} (&quot;the chamber&quot;,
          &quot;we&quot;) at {who.portalUrl}: its public pages, the member directory, the event
          calendar and member accounts. By using the portal you accept them.
        </p>
      }
    />
  );
}
