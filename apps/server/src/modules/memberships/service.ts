import type { Database, Executor } from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import { AutoRenewal } from './auto-renewal.js';
import type { MembershipBilling } from './billing-port.js';
import { MembershipCore } from './core.js';
import { Joining } from './join.js';
import { TermPayments } from './payments.js';
import { PlanChanges } from './plan-changes.js';
import { Renewals } from './renewals.js';
import { MembershipReports } from './reports.js';
import { StaffActions } from './staff.js';

export { actorOf, type MembershipActor } from './core.js';
export { settingsOut } from './staff.js';

/**
 * The membership rules (docs/staff/dues.md): joining, paying a term, renewing,
 * changing plan, automatic renewal, approval and cancellation. Every change happens in one
 * transaction with its history event and with the contact's tier, payment status and listing,
 * so what the directory and the admin view show never disagrees with the membership.
 *
 * The rules live in one file each by what they hold: join.ts, renewals.ts, plan-changes.ts,
 * payments.ts (a paid invoice), auto-renewal.ts (Stripe's effects), staff.ts and reports.ts,
 * on the shared steps of core.ts. This class is the module's one door to them.
 */
export class MembershipsService {
  private readonly core: MembershipCore;
  private readonly joining: Joining;
  private readonly renewals: Renewals;
  private readonly planChanges: PlanChanges;
  private readonly payments: TermPayments;
  private readonly autoRenewal: AutoRenewal;
  private readonly staff: StaffActions;
  private readonly reports: MembershipReports;

  constructor(db: Database, clock: Clock, billing: MembershipBilling) {
    this.core = new MembershipCore(db, clock, billing);
    this.joining = new Joining(db, clock, billing);
    this.renewals = new Renewals(db, clock, billing);
    this.planChanges = new PlanChanges(db, clock, billing, this.joining);
    this.payments = new TermPayments(db, clock, billing);
    this.autoRenewal = new AutoRenewal(db, clock, billing);
    this.staff = new StaffActions(db, clock, billing);
    this.reports = new MembershipReports(db, clock, billing);
    for (const purpose of [
      'membership_join',
      'membership_renewal',
      'membership_upgrade',
    ] as const) {
      billing.onPaid(purpose, (tx, invoice, payment) => this.applyPayment(tx, invoice, payment));
    }
    billing.onPaying('membership_upgrade', (tx, invoice, receivedOn) =>
      this.planChanges.whyUpgradeUnpayable(tx, invoice, receivedOn),
    );
  }

  /** The chamber's calendar day now: terms, reminders and grace count in its days. */
  today(db?: Executor) {
    return this.core.today(db);
  }

  /** Brings the contact's tier, payment status and listing in line with its membership. */
  sync(...args: Parameters<MembershipCore['sync']>) {
    return this.core.sync(...args);
  }

  // The member's own membership (renewals.ts, join.ts, plan-changes.ts).

  mine(...args: Parameters<Renewals['mine']>) {
    return this.renewals.mine(...args);
  }

  renew(...args: Parameters<Renewals['renew']>) {
    return this.renewals.renew(...args);
  }

  setAutoRenew(...args: Parameters<Renewals['setAutoRenew']>) {
    return this.renewals.setAutoRenew(...args);
  }

  join(...args: Parameters<Joining['join']>) {
    return this.joining.join(...args);
  }

  joinMailNotes(...args: Parameters<Joining['joinMailNotes']>) {
    return this.joining.joinMailNotes(...args);
  }

  changePlan(...args: Parameters<PlanChanges['changePlan']>) {
    return this.planChanges.changePlan(...args);
  }

  quote(...args: Parameters<PlanChanges['quote']>) {
    return this.planChanges.quote(...args);
  }

  // Fulfilment: a membership invoice is paid (payments.ts).

  applyPayment(...args: Parameters<TermPayments['applyPayment']>) {
    return this.payments.applyPayment(...args);
  }

  // Staff (staff.ts, reports.ts).

  approve(...args: Parameters<StaffActions['approve']>) {
    return this.staff.approve(...args);
  }

  staffChangePlan(...args: Parameters<StaffActions['staffChangePlan']>) {
    return this.staff.staffChangePlan(...args);
  }

  cancel(...args: Parameters<StaffActions['cancel']>) {
    return this.staff.cancel(...args);
  }

  detail(...args: Parameters<StaffActions['detail']>) {
    return this.staff.detail(...args);
  }

  membershipIds(...args: Parameters<StaffActions['membershipIds']>) {
    return this.staff.membershipIds(...args);
  }

  getSettings(...args: Parameters<StaffActions['getSettings']>) {
    return this.staff.getSettings(...args);
  }

  putSettings(...args: Parameters<StaffActions['putSettings']>) {
    return this.staff.putSettings(...args);
  }

  list(...args: Parameters<MembershipReports['list']>) {
    return this.reports.list(...args);
  }

  report(...args: Parameters<MembershipReports['report']>) {
    return this.reports.report(...args);
  }

  exportCsv(...args: Parameters<MembershipReports['exportCsv']>) {
    return this.reports.exportCsv(...args);
  }

  // Automatic renewal: the online payments module's effects (auto-renewal.ts).

  findBySubscription(...args: Parameters<AutoRenewal['findBySubscription']>) {
    return this.autoRenewal.findBySubscription(...args);
  }

  renewalInvoiceFor(...args: Parameters<AutoRenewal['renewalInvoiceFor']>) {
    return this.autoRenewal.renewalInvoiceFor(...args);
  }

  linkSubscription(...args: Parameters<AutoRenewal['linkSubscription']>) {
    return this.autoRenewal.linkSubscription(...args);
  }

  setCard(...args: Parameters<AutoRenewal['setCard']>) {
    return this.autoRenewal.setCard(...args);
  }

  chargeFailed(...args: Parameters<AutoRenewal['chargeFailed']>) {
    return this.autoRenewal.chargeFailed(...args);
  }

  autoRenewStopped(...args: Parameters<AutoRenewal['autoRenewStopped']>) {
    return this.autoRenewal.autoRenewStopped(...args);
  }

  subscriptionEnded(...args: Parameters<AutoRenewal['subscriptionEnded']>) {
    return this.autoRenewal.subscriptionEnded(...args);
  }

  nextCharge(...args: Parameters<MembershipCore['nextCharge']>) {
    return this.core.nextCharge(...args);
  }
}
