import { describe, expect, it } from 'vitest';
import { en } from '../../locales/en';
import { enPages } from '../../locales/en-pages';
import { esPages } from '../../locales/es-pages';
import { actorIdsOf, actorLabel, type ActorLookup, type ActorText, type HistoryActor } from './actor-label';

const ADMIN_ID = '00000000-0000-4000-8000-0000000000a1';
const OTHER_ID = '00000000-0000-4000-8000-0000000000a2';
const admin = (actorId: string | null = ADMIN_ID): HistoryActor => ({ method: 'admin', actorId });

/** The English texts, as the dialog's translator gives them. */
const translate = (text: ActorText): string => {
  switch (text.key) {
    case 'actorIdTitle':
      return enPages.attendance.actorIdTitle.replace('{{id}}', text.id);
    case 'actorLoading':
      return en.common.loading;
    default:
      return enPages.attendance[text.key];
  }
};
const always = (lookup: ActorLookup) => () => lookup;
const found = always({ state: 'found', user: { name: 'Super Admin', email: 'admin@example.com' } });

describe("the History dialog's By cell", () => {
  it('shows the employee for a kiosk punch, whatever is known of users, and looks nobody up', () => {
    const lookUp = () => {
      throw new Error('a kiosk punch has no acting user to look up');
    };
    for (const method of ['face', 'pin', null] as const) {
      expect(actorLabel({ method, actorId: null }, lookUp, translate)).toEqual({ text: 'The employee' });
    }
  });

  it("shows the acting user's name, with the email in the title", () => {
    expect(actorLabel(admin(), found, translate)).toEqual({ text: 'Super Admin', title: 'admin@example.com' });
  });

  it('shows the email of a user without a name, with the id in the title', () => {
    const lookUp = always({ state: 'found', user: { name: '  ', email: 'admin@example.com' } });
    expect(actorLabel(admin(), lookUp, translate)).toEqual({ text: 'admin@example.com', title: `User ID: ${ADMIN_ID}` });
  });

  it('shows a neutral label with the id in the title when the viewer may not read users or the user is gone', () => {
    for (const lookup of [{ state: 'not-allowed' }, { state: 'failed' }] as const) {
      expect(actorLabel(admin(), always(lookup), translate)).toEqual({ text: 'An administrator', title: `User ID: ${ADMIN_ID}` });
    }
  });

  it('says it is loading while the user is being read', () => {
    expect(actorLabel(admin(), always({ state: 'pending' }), translate)).toEqual({ text: 'Loading…', title: `User ID: ${ADMIN_ID}`, pending: true });
  });

  it('looks up the id of the event itself', () => {
    const names: Record<string, string> = { [ADMIN_ID]: 'First', [OTHER_ID]: 'Second' };
    const lookUp = (id: string): ActorLookup => ({ state: 'found', user: { name: names[id] ?? '', email: `${id}@example.com` } });
    expect([admin(ADMIN_ID), admin(OTHER_ID)].map((event) => actorLabel(event, lookUp, translate).text)).toEqual(['First', 'Second']);
  });

  it('leaves the cell empty for an admin event without an actor', () => {
    expect(actorLabel(admin(null), found, translate)).toEqual({ text: '' });
  });

  it('has the neutral label in Spanish too', () => {
    expect([esPages.attendance.actorUnknown, esPages.attendance.actorIdTitle]).toEqual(['Un administrador', 'ID de usuario: {{id}}']);
  });
});

describe('the acting users of a history', () => {
  it('are the distinct ids of admin events, in order of first appearance', () => {
    const events: HistoryActor[] = [
      admin(OTHER_ID),
      { method: 'face', actorId: null },
      admin(ADMIN_ID),
      admin(OTHER_ID),
      admin(null),
      { method: 'pin', actorId: null },
    ];
    expect(actorIdsOf(events)).toEqual([OTHER_ID, ADMIN_ID]);
  });
});
