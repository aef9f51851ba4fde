// What scripts/container-test.sh asks of a running portal, through its HTTP API only, as a
// browser and the web app would: sign in with PKCE, sign a member up, upload their avatar,
// create an event, register for it, and later check that all of it is still there.
//
//   node scripts/container/portal-client.mjs populate --url U --email E --password P --state F
//   node scripts/container/portal-client.mjs verify   --url U --email E --password P --state F
//   node scripts/container/portal-client.mjs mail     --url U --email E --password P --mail-url M
//
// `populate` writes what it made to the state file (JSON); `verify` reads it back and fails
// when a member, the avatar's bytes or the event differ. `mail` registers a guest for a new
// event and reads the confirmation back from a Mailpit API (the real Mailpit, or the stand-in).
// Each failure ends the process with status 1 and one line saying what was expected.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const AVATAR = path.join(root, 'tests/e2e/files/sweetwater-logo.png');

const { positionals, values: args } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    state: { type: 'string' },
    'mail-url': { type: 'string' },
  },
});

class Failure extends Error {}

function need(name) {
  const value = args[name];
  if (!value) throw new Failure(`--${name} is required`);
  return value;
}

const baseUrl = () => need('url').replace(/\/$/, '');

async function call(method, route, { token, body, expect = [200, 201] } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl()}${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!expect.includes(res.status)) {
    throw new Failure(`${method} ${route} answered ${res.status}: ${text.slice(0, 300)}`);
  }
  return text ? JSON.parse(text) : undefined;
}

/** A bearer token through the sign-in the web app uses: authorize with a challenge, then token. */
async function signIn() {
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${baseUrl()}/auth`;
  const { code } = await call('POST', '/api/auth/authorize', {
    body: {
      email: need('email'),
      password: need('password'),
      codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
      codeChallengeMethod: 'S256',
      redirectUri,
      remember: false,
    },
  });
  const { access_token: token } = await call('POST', '/api/auth/token', {
    body: {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    },
  });
  return token;
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

async function findUser(token, email) {
  const { users } = await call('GET', `/api/admin/users?search=${encodeURIComponent(email)}`, {
    token,
  });
  return users.find((u) => u.email === email);
}

async function populate() {
  const token = await signIn();
  const stamp = Date.now().toString(36);
  const email = `owner-${stamp}@quarry-cafe.example`;
  // Anyone may sign up; the account waits for staff, who let it in.
  await call('POST', '/api/auth/register', {
    body: {
      firstName: 'Quinn',
      lastName: 'Quarry',
      businessName: `Quarry Cafe ${stamp}`,
      email,
      password: 'Quarry-Cafe-Container-1',
      confirmPassword: 'Quarry-Cafe-Container-1',
    },
  });
  const user = await findUser(token, email);
  if (!user?.contactId) throw new Failure(`the signed-up member ${email} has no contact`);
  await call('PATCH', `/api/admin/users/${user.id}/status`, {
    token,
    body: { status: 'active' },
  });

  const png = readFileSync(AVATAR);
  const upload = await call('POST', '/api/medias/upload-avatar', {
    token,
    body: {
      contactId: user.contactId,
      fileData: `data:image/png;base64,${png.toString('base64')}`,
      fileName: 'quarry-cafe.png',
      mimeType: 'image/png',
    },
  });
  await call('PUT', `/api/members/${user.contactId}/avatar`, {
    token,
    body: { avatarUrl: upload.mediaUrl },
  });
  const avatar = await download(upload.mediaUrl);

  const start = new Date(Date.now() + 14 * 24 * 3600_000);
  start.setUTCHours(17, 0, 0, 0);
  const event = await call('POST', '/api/calendars/appointments', {
    token,
    body: {
      title: `Container ribbon cutting ${stamp}`,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3600_000).toISOString(),
      location: 'Quarry Cafe, 12 Main Street',
    },
  });
  const state = {
    member: { email, userId: user.id, contactId: user.contactId, businessName: user.businessName },
    avatar: { url: upload.mediaUrl, sha256: sha256(avatar), bytes: avatar.length },
    event: { id: event.id, title: event.title, startTime: event.startTime },
  };
  writeFileSync(need('state'), `${JSON.stringify(state, null, 2)}\n`);
  console.log(
    `signed in as ${need('email')}; member ${email} (contact ${user.contactId}) with a ${avatar.length}-byte avatar; event ${event.id} "${event.title}"`,
  );
}

async function download(mediaUrl) {
  const res = await fetch(new URL(mediaUrl, baseUrl()));
  if (res.status !== 200) throw new Failure(`GET ${mediaUrl} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

async function verify() {
  const state = JSON.parse(readFileSync(need('state'), 'utf8'));
  const token = await signIn();
  const user = await findUser(token, state.member.email);
  if (!user || user.id !== state.member.userId || user.status !== 'active') {
    throw new Failure(
      `member ${state.member.email} is missing or changed: ${JSON.stringify(user ?? null)}`,
    );
  }
  const member = await call('GET', `/api/members/${state.member.contactId}`, { token });
  if (member.avatar !== state.avatar.url) {
    throw new Failure(`member ${state.member.contactId} lost its avatar (now ${member.avatar})`);
  }
  const avatar = await download(state.avatar.url);
  if (sha256(avatar) !== state.avatar.sha256) {
    throw new Failure(`the avatar file changed: ${avatar.length} bytes, not ${state.avatar.bytes}`);
  }
  const event = await call('GET', `/api/calendars/appointments/${state.event.id}`);
  if (event.title !== state.event.title || event.startTime !== state.event.startTime) {
    throw new Failure(`event ${state.event.id} changed: ${JSON.stringify(event)}`);
  }
  console.log(
    `admin signs in; member ${state.member.email} active with its avatar (${avatar.length} bytes, same SHA-256); event "${event.title}" at ${event.startTime}`,
  );
}

async function mail() {
  const mailUrl = need('mail-url').replace(/\/$/, '');
  const token = await signIn();
  const stamp = Date.now().toString(36);
  const start = new Date(Date.now() + 21 * 24 * 3600_000);
  start.setUTCHours(23, 0, 0, 0);
  const event = await call('POST', '/api/calendars/appointments', {
    token,
    body: {
      title: `Container mixer ${stamp}`,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 7200_000).toISOString(),
    },
  });
  const guest = `guest-${stamp}@visitors.example`;
  await call('POST', `/api/calendars/appointments/${event.id}/registrations`, {
    body: { name: 'Gail Guest', email: guest, numberOfGuests: '1' },
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const list = await fetchJson(`${mailUrl}/api/v1/messages`);
    const found = list.messages.find((m) => m.To.some((to) => to.Address === guest));
    if (found) {
      const message = await fetchJson(`${mailUrl}/api/v1/message/${found.ID}`);
      if (!message.Text.includes(event.title)) {
        throw new Failure(`the mail to ${guest} does not name "${event.title}":\n${message.Text}`);
      }
      console.log(
        `registered ${guest} for "${event.title}"; the catcher holds "${message.Subject}" to them, naming the event`,
      );
      return;
    }
    if (Date.now() > deadline) {
      throw new Failure(`no mail to ${guest} reached ${mailUrl} within 30 s`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function fetchJson(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Failure(`GET ${url} answered ${res.status}`);
  return res.json();
}

const commands = { populate, verify, mail };
const command = commands[positionals[0]];
if (!command) {
  console.error(`usage: portal-client.mjs ${Object.keys(commands).join('|')} --url URL ...`);
  process.exit(2);
}
try {
  await command();
} catch (err) {
  console.error(err instanceof Failure ? err.message : err);
  process.exit(1);
}
