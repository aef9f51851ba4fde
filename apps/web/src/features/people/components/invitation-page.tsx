import {
  businessRoleLabels,
  passwordSchema,
  peopleMessages,
  type AcceptInvitationResponse,
  type InvitationPreview,
} from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LinkIcon, MailXIcon, UsersIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { errorMessage } from '@/components/account/done-note';
import { PasswordPairFields } from '@/components/account/password-pair-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Form, FormError, InputField, useZodForm } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { api } from '@/lib/api/client';
import { readsForTheBusiness, useActFor } from '@/lib/api/businesses';
import { loginNoticeState } from '@/lib/auth/login-notice';
import { useAuth } from '@/lib/auth/use-auth';
import { useChamber } from '@/lib/chamber/use-chamber';
import { useDocumentTitle } from '@/lib/use-document-title';
import { invitationGone, invitationQueryOptions, useAcceptInvitation } from '../api/invitation';

/** The new sign-in's fields: the address is the invitation's. */
const newSignInSchema = z
  .object({
    firstName: z.string().trim().min(1, 'Please enter your first name.').max(100),
    lastName: z.string().trim().min(1, 'Please enter your last name.').max(100),
    password: passwordSchema,
    confirmPassword: z.string().max(1024),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
type NewSignIn = z.output<typeof newSignInSchema>;

/** The narrow card of the page, as the sign-in pages have it: a heading, a line, the rest. */
function InvitationCard({
  title,
  description,
  icon,
  children,
}: {
  title: string;
  description: ReactNode;
  icon: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-20">
      <Card>
        <CardHeader className="items-center text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary [&_svg]:size-6">
            {icon}
          </div>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">{children}</CardContent>
      </Card>
    </div>
  );
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * /invitations/{token}, opened from an invitation mail: the business and the role; joining
 * with the sign-in of the invited address, or making one for it; a link that no longer works
 * says so as a page. After joining, the hub, acting for the business.
 */
export function InvitationPage({ token }: { token: string }) {
  const query = useQuery(invitationQueryOptions(token));
  const { isRestoring } = useAuth();
  const [gone, setGone] = useState(false);

  if (gone || (query.isError && invitationGone(query.error))) return <InvitationGone />;
  if (query.isError) {
    return (
      <InvitationCard
        title="Invitation"
        description="The invitation could not be loaded."
        icon={<LinkIcon aria-hidden="true" />}
      >
        <p role="alert">{query.error.message}</p>
        <Button type="button" variant="outline" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </InvitationCard>
    );
  }
  if (query.isPending || isRestoring) {
    return (
      <div className="mx-auto max-w-md px-4 py-12 sm:py-20">
        <p role="status" className="text-center text-muted-foreground">
          Loading the invitation...
        </p>
      </div>
    );
  }
  return <Invitation token={token} invitation={query.data} onGone={() => setGone(true)} />;
}

function InvitationGone() {
  return (
    <InvitationCard
      title="Invitation no longer valid"
      description={peopleMessages.invitationGone}
      icon={<MailXIcon aria-hidden="true" />}
    >
      <Button asChild variant="outline">
        <Link to={paths.home.href()}>Go to the home page</Link>
      </Button>
    </InvitationCard>
  );
}

function Invitation({
  token,
  invitation,
  onGone,
}: {
  token: string;
  invitation: InvitationPreview;
  onGone: () => void;
}) {
  const { name: chamber } = useChamber();
  const { user, logout } = useAuth();
  const role = businessRoleLabels[invitation.role];
  const business = invitation.businessName;
  // A new sign-in is signed in halfway through making it: its form stays until the hub.
  const [creating, setCreating] = useState(false);

  return (
    <InvitationCard
      title={`Join ${business}`}
      description={
        <>
          You are invited to join {business} as <strong>{role}</strong> on the {chamber} member
          portal. The invitation is for <strong className="break-all">{invitation.email}</strong>.
        </>
      }
      icon={<UsersIcon aria-hidden="true" />}
    >
      {user === null || creating ? (
        <SignedOut token={token} invitation={invitation} onGone={onGone} onCreating={setCreating} />
      ) : sameAddress(user.email, invitation.email) ? (
        <JoinSignedIn token={token} business={business} onGone={onGone} />
      ) : (
        <div className="grid gap-4">
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
          >
            {peopleMessages.wrongAddress}
          </p>
          <p className="text-sm text-muted-foreground">
            You are signed in as <span className="break-all">{user.email}</span>.
          </p>
          <Button type="button" variant="outline" onClick={() => void logout()}>
            Sign out
          </Button>
        </div>
      )}
    </InvitationCard>
  );
}

/**
 * After joining: the profile again, acting for the business just joined (a sign-in already
 * acting for another one switches), then the hub.
 */
function useAfterJoining() {
  const { setUser } = useAuth();
  const queryClient = useQueryClient();
  const actFor = useActFor();
  const navigate = useNavigate();
  return async (answer: AcceptInvitationResponse) => {
    const profile = await api.call(endpoints.auth.getProfile, {
      errorMessage: 'Failed to fetch profile',
    });
    if (profile.contactId === answer.contactId) {
      setUser(profile);
      await queryClient.invalidateQueries({ predicate: readsForTheBusiness });
    } else {
      await actFor.mutateAsync(answer.contactId);
    }
    toast.success(`You joined ${answer.businessName}`);
    await navigate(paths.account.href(), { replace: true });
  };
}

function JoinSignedIn({
  token,
  business,
  onGone,
}: {
  token: string;
  business: string;
  onGone: () => void;
}) {
  const accept = useAcceptInvitation(token);
  const afterJoining = useAfterJoining();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function join() {
    setProblem(null);
    setBusy(true);
    try {
      const answer = await accept.mutateAsync({});
      await afterJoining(answer);
    } catch (error) {
      if (invitationGone(error)) onGone();
      else setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-4">
      <FormError>{problem}</FormError>
      <Button type="button" size="lg" disabled={busy} onClick={() => void join()}>
        {busy ? 'Joining...' : `Join ${business}`}
      </Button>
    </div>
  );
}

function SignedOut({
  token,
  invitation,
  onGone,
  onCreating,
}: {
  token: string;
  invitation: InvitationPreview;
  onGone: () => void;
  onCreating: (creating: boolean) => void;
}) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const signIn = (
    <Link
      to={paths.login.href(here)}
      state={{ from: location, ...loginNoticeState(invitation.email) }}
      className="font-medium text-primary hover:underline"
    >
      Sign in
    </Link>
  );

  if (invitation.hasAccount) {
    return (
      <div className="grid gap-4">
        <p>
          {invitation.email} already has a sign-in. Sign in with it to join; you come back here
          afterwards.
        </p>
        <Button asChild size="lg">
          <Link
            to={paths.login.href(here)}
            state={{ from: location, ...loginNoticeState(invitation.email) }}
          >
            Sign in to join
          </Link>
        </Button>
      </div>
    );
  }

  return (
    <>
      <CreateSignIn token={token} invitation={invitation} onGone={onGone} onCreating={onCreating} />
      <p className="text-center text-sm text-muted-foreground">
        Already have a sign-in? {signIn} instead; you come back here afterwards.
      </p>
    </>
  );
}

function CreateSignIn({
  token,
  invitation,
  onGone,
  onCreating,
}: {
  token: string;
  invitation: InvitationPreview;
  onGone: () => void;
  onCreating: (creating: boolean) => void;
}) {
  const accept = useAcceptInvitation(token);
  const afterJoining = useAfterJoining();
  const { login } = useAuth();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useZodForm(newSignInSchema, {
    defaultValues: { firstName: '', lastName: '', password: '', confirmPassword: '' },
  });

  async function submit(values: NewSignIn) {
    setProblem(null);
    onCreating(true);
    let answer: AcceptInvitationResponse;
    try {
      answer = await accept.mutateAsync(values);
    } catch (error) {
      onCreating(false);
      if (invitationGone(error)) onGone();
      else setProblem(errorMessage(error));
      return;
    }
    try {
      await login(answer.email, values.password);
      await afterJoining(answer);
    } catch {
      // The sign-in exists and the business has them; signing in by hand is the way on.
      await navigate(paths.login.href(), {
        replace: true,
        state: loginNoticeState(answer.email, `You joined ${answer.businessName}. Please sign in.`),
      });
    }
  }

  return (
    <Form form={form} onSubmit={submit} className="grid gap-5" aria-label="Create your sign-in">
      <h2 className="text-lg font-semibold">Create your sign-in</h2>
      <FormError>{problem}</FormError>
      <p className="text-sm text-muted-foreground">
        You sign in with <span className="break-all">{invitation.email}</span>.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          control={form.control}
          name="firstName"
          label="First name"
          autoComplete="given-name"
        />
        <InputField
          control={form.control}
          name="lastName"
          label="Last name"
          autoComplete="family-name"
        />
      </div>
      <PasswordPairFields label="Password" />
      <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Joining...' : `Create sign-in and join`}
      </Button>
    </Form>
  );
}
