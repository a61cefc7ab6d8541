import { FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID } from '#contracts/password-reset.ts';
import type { UserInfo } from '#contracts/user.ts';
import { assertEqual, assertTrue } from '../testing/assert.ts';
import { createControl, type Control } from '../testing/controlled-actors.ts';
import type { ModelCheck, ModelEvent, ModelPlan, ModelSpec } from '../testing/model.ts';
import { passwordResetMachine } from './password-reset.machine.ts';

type Event = ModelEvent<typeof passwordResetMachine>;

const ann: UserInfo = { _id: 'u-ann', name: 'Ann', lastName: 'Lee', email: 'ann@example.com', isAdmin: false, doNotLogout: false };
const TOO_MANY = 'Too many reset links asked from your network: try again later';

const events: Event[] = [
  { type: 'reset.ask', email: 'ann@example.com' },
  { type: 'xstate.done.actor.askLink', output: { message: FORGOT_PASSWORD_ANSWER } },
  { type: 'xstate.error.actor.askLink', error: { status: 429, message: TOO_MANY } },
  { type: 'xstate.error.actor.askLink', error: { status: 0 } },
  { type: 'reset.save', password: 'second-password' },
  { type: 'xstate.done.actor.savePassword', output: { userLoggedIn: ann } },
  { type: 'xstate.error.actor.savePassword', error: { status: 400, message: RESET_LINK_INVALID, field: 'token' } },
  { type: 'xstate.error.actor.savePassword', error: { status: 400, message: 'Please anter a valid password', field: 'password' } },
  { type: 'xstate.error.actor.savePassword', error: { status: 0 } },
];

/**
 * The flow's rules, written apart from the machine: each page offers only its own form, the
 * link's answer is the shop's one sentence, a send under way refuses another, the customer is
 * logged in only when the server took the new password, and a refused link ends the page.
 */
const checkWith =
  (control: Control): ModelCheck<typeof passwordResetMachine> =>
  (before, event, after) => {
    const { token, error } = after.context;
    assertEqual(
      after.hasTag('asking') || after.hasTag('sending'),
      token === null,
      '/forgot-password asks for an address, never a password',
    );
    assertEqual(
      after.hasTag('choosing') || after.hasTag('saving') || after.hasTag('loggedIn') || after.hasTag('linkInvalid'),
      token !== null,
      'a reset link opens the new-password page, never the address form',
    );
    if (after.hasTag('sending') || after.hasTag('saving') || after.hasTag('linkSent') || after.hasTag('loggedIn'))
      assertEqual(error, null, 'no refusal shows while sending or after success');
    if (event.type === 'reset.ask' && before.hasTag('sending'))
      assertEqual(after.value, before.value, 'a second link is not asked while one is');
    if (event.type === 'reset.save' && before.hasTag('saving'))
      assertEqual(after.value, before.value, 'a second password is not sent while one is');
    if (event.type === 'reset.ask' && after.hasTag('sending'))
      assertEqual(control.inputOf('askLink'), { email: event.email }, 'the link is asked for the address typed');
    if (event.type === 'reset.save' && after.hasTag('saving'))
      assertEqual(control.inputOf('savePassword'), { token, password: event.password }, "the new password goes with this page's link");
    if (after.hasTag('loggedIn') && !before.hasTag('loggedIn'))
      assertTrue(event.type === 'xstate.done.actor.savePassword', 'logged in only when the server took the new password');
    if (after.hasTag('linkInvalid')) assertEqual(error, RESET_LINK_INVALID, 'a refused link says so and offers a new one');
    if (event.type.startsWith('xstate.error.') && !after.hasTag('linkInvalid'))
      assertTrue(error !== null && error.length > 0, 'a refusal says why and the form can be sent again');
  };

const describe: ModelPlan<typeof passwordResetMachine> = {
  states: {
    start: '',
    asking: ({ context }) =>
      context.error ? `/forgot-password shows "${context.error}" above its form` : '/forgot-password asks for an address',
    sendingLink: 'the link is being asked for and Send me a link is busy',
    linkSent: `the page says "${FORGOT_PASSWORD_ANSWER}" and a link may be asked again`,
    choosing: ({ context }) =>
      context.error ? `the reset page shows "${context.error}" above its form` : 'the reset page asks for the new password twice',
    saving: 'the new password is being saved and Save the new password is busy',
    loggedIn: 'the customer is logged in on their home page; every other session of the account has ended',
    linkInvalid: `the page says "${RESET_LINK_INVALID}" and links to Send me a new link`,
  },
  events: {
    'reset.ask': (e) => `the customer asks for a link for ${e.email}`,
    'xstate.done.actor.askLink': 'the shop answers its one sentence (and mails a link if the address has an account)',
    'xstate.error.actor.askLink': (e) => (e.error.message ? `the shop refuses: "${e.error.message}"` : 'the request gets no answer'),
    'reset.save': 'the customer types the new password twice and saves it',
    'xstate.done.actor.savePassword': (e) => `the shop takes it and logs ${e.output.userLoggedIn.name} in`,
    'xstate.error.actor.savePassword': (e) => (e.error.message ? `the shop refuses: "${e.error.message}"` : 'the request gets no answer'),
  },
};

/** Both pages: /forgot-password (no token) and /reset-password/{token} (the mail's link). */
export const passwordResetModel = (): ModelSpec<typeof passwordResetMachine> => {
  const control = createControl();
  return {
    name: 'password-reset',
    machine: passwordResetMachine.provide({ actors: { askLink: control.promise(), savePassword: control.promise() } }),
    control,
    inputs: [() => ({ token: null }), () => ({ token: 'r3s3t-t0k3n' })],
    events,
    check: checkWith(control),
    describe,
  };
};
