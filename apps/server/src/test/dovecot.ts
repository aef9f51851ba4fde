import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';

export type Dovecot = Awaited<ReturnType<typeof startDovecot>>;

const DOVECOT = '/usr/sbin/dovecot';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once the server greets an IMAP client on `port`. */
async function waitForGreeting(port: number, process: ChildProcess, log: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (process.exitCode !== null) {
      const written = await readFile(log, 'utf8').catch(() => '');
      throw new Error(`dovecot stopped at start (exit ${process.exitCode}):\n${written}`);
    }
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.setTimeout(1000, () => socket.destroy());
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
      socket.once('close', () => resolve(false));
    });
    if (greeted) return;
    if (Date.now() > deadline) throw new Error(`dovecot did not answer on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The uid and gid of a system user, from `id`. */
function idsOf(user: string): { uid: number; gid: number } | null {
  const uid = spawnSync('id', ['-u', user], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', user], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * A real IMAP server (Dovecot, Debian's dovecot-imapd) in a temporary folder, with one mailbox
 * user, plaintext login on loopback and maildir storage; `stop()` ends it and removes the folder.
 * Run as root, its processes take Debian's `dovecot` and `dovenull` users, as the package sets
 * them up; otherwise they run as the current user.
 */
export async function startDovecot(user = 'bounces', password = 'bounce-secret') {
  if (spawnSync(DOVECOT, ['--version']).status !== 0) {
    throw new Error(
      `These tests need a real IMAP server: ${DOVECOT} was not found. Install Dovecot ` +
        '(on Debian or Ubuntu: apt-get install dovecot-imapd), as .ci/run does.',
    );
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chamber-test-imap-'));
  const asRoot = process.getuid?.() === 0;
  const mailIds = asRoot ? idsOf('dovecot') : { uid: process.getuid!(), gid: process.getgid!() };
  if (!mailIds) throw new Error('the dovecot system user is missing: reinstall dovecot-imapd');
  const me = os.userInfo().username;
  const port = await freePort();
  const log = path.join(dir, 'dovecot.log');
  const mail = path.join(dir, 'mail');
  await mkdir(mail);
  await chmod(dir, 0o755);
  if (asRoot) await chown(mail, mailIds.uid, mailIds.gid);
  await writeFile(path.join(dir, 'users'), `${user}:{PLAIN}${password}\n`);
  const conf = path.join(dir, 'dovecot.conf');
  await writeFile(
    conf,
    [
      'protocols = imap',
      'listen = 127.0.0.1',
      `base_dir = ${dir}/run`,
      `state_dir = ${dir}/state`,
      `instance_name = chamber-test-${port}`,
      `log_path = ${log}`,
      'ssl = no',
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      // Tests try wrong passwords on purpose: answer them at once.
      'auth_failure_delay = 0',
      `default_internal_user = ${asRoot ? 'dovecot' : me}`,
      `default_login_user = ${asRoot ? 'dovenull' : me}`,
      `first_valid_uid = ${mailIds.uid}`,
      `mail_location = maildir:${mail}/%u`,
      'passdb {',
      '  driver = passwd-file',
      `  args = scheme=PLAIN username_format=%u ${dir}/users`,
      '}',
      'userdb {',
      '  driver = static',
      `  args = uid=${mailIds.uid} gid=${mailIds.gid} home=${mail}/%u`,
      '}',
      'service imap-login {',
      '  chroot =',
      '  inet_listener imap {',
      '    address = 127.0.0.1',
      `    port = ${port}`,
      '  }',
      '  inet_listener imaps {',
      '    port = 0',
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  // -F: in the foreground, so it is this process's child and ends with it.
  const child = spawn(DOVECOT, ['-F', '-c', conf], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForGreeting(port, child, log);
  } catch (error) {
    child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  const mailbox = {
    host: '127.0.0.1',
    port,
    secure: false,
    user,
    password,
    mailbox: 'INBOX',
  };

  /** A client logged in to the mailbox, for the test to look with; logs out after `use`. */
  async function withClient<T>(use: (client: ImapFlow) => Promise<T>): Promise<T> {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    });
    await client.connect();
    try {
      return await use(client);
    } finally {
      await client.logout();
    }
  }

  return {
    mailbox,
    /** Delivers messages into the mailbox (IMAP APPEND), unseen; resolves with their UIDs. */
    async deliver(...messages: (Buffer | string)[]): Promise<number[]> {
      return withClient(async (client) => {
        const uids: number[] = [];
        for (const message of messages) {
          const appended = await client.append('INBOX', message, []);
          if (!appended || !appended.uid) throw new Error('the IMAP server took no message');
          uids.push(appended.uid);
        }
        return uids;
      });
    },
    /** The UIDs of the mailbox's messages, seen and unseen. */
    async flags(): Promise<{ seen: number[]; unseen: number[] }> {
      return withClient(async (client) => {
        const lock = await client.getMailboxLock('INBOX');
        try {
          const seen = (await client.search({ seen: true }, { uid: true })) || [];
          const unseen = (await client.search({ seen: false }, { uid: true })) || [];
          return { seen: seen.sort((a, b) => a - b), unseen: unseen.sort((a, b) => a - b) };
        } finally {
          lock.release();
        }
      });
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
