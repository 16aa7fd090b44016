import { SIGNATURE_MAX_SIZE, type TSignature } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ButtonProps, Flex } from 'antd';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/http';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { msgTextOf } from '../../shared/form/zod-rule';
import { useApiError } from '../../shared/hooks/use-api-error';
import { PlainCard } from '../../shared/plain/plain-card';
import { Typography } from '../../shared/plain/typography';
import { fitOnPad, isSignatureImage, PAD, padPoint } from './signature-model';

const KEY = ['signature', 'own'];

/**
 * The user's e-signature (issue 14): drawn on a canvas or uploaded (PNG or JPEG, turned into a PNG here, so
 * the server gets one format to check and re-encode), saved on the profile and stamped on accounting-printed
 * invoices the user prepared or approved.
 */
export function SignatureCard() {
  const { t } = useTranslation('signature');
  const { message, modal } = useApp();
  const { showError } = useApiError();
  const qc = useQueryClient();
  const own = useQuery({ queryKey: KEY, queryFn: () => api.get<TSignature>('/Users/Signature') });
  const save = useMutation({
    mutationFn: (image: string) => api.put<TSignature>('/Users/Signature', { image }),
    onSuccess: (s) => qc.setQueryData(KEY, s),
  });
  const clear = useMutation({
    mutationFn: () => api.delete<TSignature>('/Users/Signature'),
    onSuccess: (s) => qc.setQueryData(KEY, s),
  });
  const canvas = useRef<HTMLCanvasElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const drawing = useRef(false);
  const [inked, setInked] = useState(false);

  const ctx = () => canvas.current?.getContext('2d') ?? null;
  useEffect(() => {
    const c = ctx();
    if (!c) return;
    c.lineWidth = 2.5;
    c.lineCap = 'round';
    c.lineJoin = 'round';
    c.strokeStyle = '#14287a';
  });

  const point = (e: PointerEvent<HTMLCanvasElement>) =>
    padPoint(e.clientX, e.clientY, e.currentTarget.getBoundingClientRect());
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    const c = ctx();
    if (!c) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    const p = point(e);
    c.beginPath();
    c.moveTo(p.x, p.y);
    c.lineTo(p.x + 0.1, p.y + 0.1);
    c.stroke();
    setInked(true);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const c = ctx();
    if (!c) return;
    const p = point(e);
    c.lineTo(p.x, p.y);
    c.stroke();
  };
  const up = () => {
    drawing.current = false;
  };
  const wipe = () => {
    ctx()?.clearRect(0, 0, PAD.width, PAD.height);
    setInked(false);
  };

  /** Loads an uploaded image onto the pad (scaled to fit), so it is saved as a PNG like a drawing. */
  const upload = (f: File | undefined) => {
    if (!f) return;
    if (!isSignatureImage(f.type)) {
      void msgTextOf('msgSignatureTypeInvalid').then((text) => message.error(text));
      return;
    }
    const url = URL.createObjectURL(f);
    const img = new window.Image();
    img.onload = () => {
      const c = ctx();
      if (!c) return;
      wipe();
      const at = fitOnPad(img.width, img.height);
      c.drawImage(img, at.x, at.y, at.w, at.h);
      setInked(true);
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      void msgTextOf('msgSignatureTypeInvalid').then((text) => message.error(text));
      URL.revokeObjectURL(url);
    };
    img.src = url;
  };

  const submit = async () => {
    const c = canvas.current;
    if (!c) return;
    try {
      await save.mutateAsync(c.toDataURL('image/png'));
      message.success(t('saved'));
      wipe();
    } catch (e) {
      showError(e);
    }
  };

  return (
    <PlainCard className="plain-card--roomy" title={t('title')} data-testid="signature-card">
      <Typography.Paragraph type="secondary">{t('help')}</Typography.Paragraph>
      {own.isPending ? (
        <span className="plain-spinner" />
      ) : own.data?.has_signature && own.data.image ? (
        <Flex align="center" gap={12} wrap style={{ marginBottom: 12 }}>
          <img
            src={own.data.image}
            alt={t('current')}
            height={60}
            data-testid="signature-current"
            style={{ border: '1px solid #ddd', background: '#fff', padding: 4 }}
          />
          <Typography.Text type="secondary">
            {t('updated', { at: own.data.updated_at?.slice(0, 16).replace('T', ' ') })}
          </Typography.Text>
          <Button
            danger
            data-testid="signature-remove"
            onClick={() =>
              modal.confirm({
                title: t('removeConfirm'),
                okText: t('remove'),
                cancelText: t('cancel'),
                okButtonProps: { danger: true, 'data-testid': 'signature-remove-ok' } as ButtonProps,
                onOk: () => clear.mutateAsync().then(() => message.success(t('removed')), showError),
              })
            }
          >
            {t('remove')}
          </Button>
        </Flex>
      ) : (
        <Typography.Paragraph type="warning" data-testid="signature-none">
          {t('none')}
        </Typography.Paragraph>
      )}
      <Typography.Text strong>{t('pad')}</Typography.Text>
      <canvas
        ref={canvas}
        width={PAD.width}
        height={PAD.height}
        aria-label={t('pad')}
        data-testid="signature-pad"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerLeave={up}
        style={{
          display: 'block',
          width: '100%',
          maxWidth: PAD.width,
          aspectRatio: `${PAD.width} / ${PAD.height}`,
          border: '1px dashed #999',
          borderRadius: 4,
          background: '#fff',
          touchAction: 'none',
          cursor: 'crosshair',
          margin: '4px 0 12px',
        }}
      />
      <input
        ref={file}
        type="file"
        accept="image/png,image/jpeg"
        hidden
        data-testid="signature-file"
        onChange={(e) => {
          upload(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Flex gap={8} wrap>
        <Button onClick={() => file.current?.click()} data-testid="signature-upload">
          {t('upload')}
        </Button>
        <Button onClick={wipe} disabled={!inked} data-testid="signature-clear-pad">
          {t('clearPad')}
        </Button>
        <Button
          type="primary"
          onClick={() => void submit()}
          disabled={!inked}
          loading={save.isPending}
          data-testid="signature-save"
        >
          {t('save')}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('limits', { width: SIGNATURE_MAX_SIZE.width, height: SIGNATURE_MAX_SIZE.height })}
      </Typography.Paragraph>
    </PlainCard>
  );
}
