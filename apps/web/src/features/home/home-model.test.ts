import { describe, expect, it } from 'vitest';
import { moduleCards, pagesUnder } from './home-model';

const menu = [
  {
    key: 'booking',
    title: 'Booking',
    children: [
      { key: 'list', title: 'Bookings', url: '/BMS/enhance_booking' },
      {
        key: 'more',
        title: 'More',
        children: [{ key: 'approval', title: 'Approval', url: '/BMS/approval' }],
      },
      { key: 'heading', title: 'A heading without a page' },
    ],
  },
  { key: 'empty', title: 'Nothing to open', children: [{ key: 'x', title: 'No page' }] },
  { key: 'home', title: 'Home', url: '/' },
];

describe('home page modules', () => {
  it('lists the pages under a group at any depth, in menu order, a leaf being its own page', () => {
    expect(pagesUnder(menu[0]).map((p) => p.key)).toEqual(['list', 'approval']);
    expect(pagesUnder(menu[2]).map((p) => p.key)).toEqual(['home']);
  });

  it('shows one card per group with pages and none for a group without', () => {
    expect(moduleCards(menu).map((c) => [c.group.key, c.pages.length])).toEqual([
      ['booking', 2],
      ['home', 1],
    ]);
  });
});
