import { describe, expect, it } from 'vitest';
import { validateRoutingEtas, ZCreateRoutingTemplateRequest } from './routing-template';

const keys = (e: { field: string; msgKey: string }[]) => e.map((x) => `${x.field}:${x.msgKey}`);

describe('validateRoutingEtas (002 §5 Routing template)', () => {
  it('accepts POD, PLD and FD ETAs in order, equal ETAs, and missing ones', () => {
    expect(
      validateRoutingEtas({ pod_eta: '2026-05-01', pld_eta: '2026-05-03', fd_eta: '2026-05-05' }),
    ).toEqual([]);
    expect(
      validateRoutingEtas({ pod_eta: '2026-05-01', pld_eta: '2026-05-01', fd_eta: '2026-05-01' }),
    ).toEqual([]);
    expect(validateRoutingEtas({ pod_eta: '2026-05-01' })).toEqual([]);
    expect(validateRoutingEtas({ pld_eta: null, fd_eta: '2026-05-01', pod_eta: '' })).toEqual([]);
    expect(
      validateRoutingEtas({
        pod_eta: new Date('2026-05-01T10:00:00Z'),
        fd_eta: new Date('2026-05-01T11:00:00Z'),
      }),
    ).toEqual([]);
  });

  it('rejects a PLD ETA before the POD ETA', () => {
    expect(keys(validateRoutingEtas({ pod_eta: '2026-05-03', pld_eta: '2026-05-02' }))).toEqual([
      'pld_eta:msgRoutingPldEtaOrder',
    ]);
  });

  it('rejects a PLD ETA after the FD ETA, which is also an FD ETA before the PLD ETA', () => {
    expect(
      keys(validateRoutingEtas({ pod_eta: '2026-05-01', pld_eta: '2026-05-06', fd_eta: '2026-05-05' })),
    ).toEqual(['pld_eta:msgRoutingPldEtaOrder', 'fd_eta:msgRoutingFdEtaOrder']);
  });

  it('rejects an FD ETA before the POD ETA when there is no PLD', () => {
    expect(
      keys(validateRoutingEtas({ pod_eta: '2026-05-05T08:00:00Z', fd_eta: '2026-05-05T07:59:00Z' })),
    ).toEqual(['fd_eta:msgRoutingFdEtaOrder']);
  });

  it('ignores values that are not dates', () => {
    expect(validateRoutingEtas({ pod_eta: 'soon', pld_eta: '2026-05-01', fd_eta: 'later' })).toEqual([]);
  });
});

describe('routing template request rules', () => {
  const base = {
    name: 'T',
    consignee_party_id: 1,
    effective_from: '2026-01-01',
    can_overwrite: true,
    eta_validation: false,
  };

  it('needs at least one of POD, PLD or FD', () => {
    const r = ZCreateRoutingTemplateRequest.safeParse(base);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`)).toEqual([
      'pod:msgRoutingTemplatePortRequired',
      'pld:msgRoutingTemplatePortRequired',
      'fd:msgRoutingTemplatePortRequired',
    ]);
    expect(ZCreateRoutingTemplateRequest.safeParse({ ...base, fd: 'uslax' }).data?.fd).toBe('USLAX');
  });

  it('refuses effective to before effective from', () => {
    const r = ZCreateRoutingTemplateRequest.safeParse({ ...base, pod: 'USLAX', effective_to: '2025-12-31' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['msgEffectiveToBeforeFrom']);
  });
});
