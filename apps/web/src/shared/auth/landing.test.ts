import { describe, expect, it } from 'vitest';
import { landingPath, safeRedirect } from './landing';

const ORIGIN = 'https://portal.example';
const modules = [
  { section: 'setting', key: 'm_setting', url: '/BMS/Setting/user_profile' },
  { section: 'admin', key: 'm_admin_carrier', url: '/BMS/carrier_maintenance' },
  { section: 'booking', key: 'm_booking_enhance', url: '/BMS/enhance_booking' },
  { section: 'booking', key: 'm_booking_approval_enhance', url: '/BMS/enhance_booking_approval' },
];

describe('landing page after sign-in', () => {
  it('sends agents and consignees to booking approval when they have it', () => {
    expect(landingPath(modules, 'AGENT')).toBe('/BMS/enhance_booking_approval');
    expect(landingPath(modules, 'CONSIGNEE')).toBe('/BMS/enhance_booking_approval');
  });

  it('sends others to the first module that is neither setting nor admin', () => {
    expect(landingPath(modules, 'OPERATIONS')).toBe('/BMS/enhance_booking');
    expect(
      landingPath(
        modules.filter((m) => m.key !== 'm_booking_approval_enhance'),
        'AGENT',
      ),
    ).toBe('/BMS/enhance_booking');
  });

  it('falls back to the root when only setting and admin modules exist', () => {
    expect(landingPath(modules.slice(0, 2), 'ADMIN')).toBe('/');
    expect(landingPath([], null)).toBe('/');
  });
});

describe('redir after sign-in', () => {
  it('accepts paths on this site', () => {
    expect(safeRedirect('/BMS/carrier_maintenance?page=2', ORIGIN)).toBe('/BMS/carrier_maintenance?page=2');
  });

  it('refuses other sites, protocol-relative and backslash tricks, and the login page', () => {
    for (const bad of [
      'https://evil.test/',
      '//evil.test/x',
      '/\\evil.test',
      'javascript:alert(1)',
      '/login?x=1',
      '',
    ]) {
      expect(safeRedirect(bad, ORIGIN)).toBeNull();
    }
  });
});
