import { MBL_MSG, type TFieldError } from '@portal/contracts';
import { Alert, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchBlob, saveAs } from '../../shared/api/http';
import { Button } from '../../shared/button';
import { errorText, msgText } from '../../shared/i18n/error-text';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { dcsaProblem, useMblLabels } from './mbl-labels';
import { bookingCargoPath } from './mbl-paths';

/**
 * The draft PDF in a preview (issue 39), as the invoice's print preview and the house bill's tab show theirs:
 * the file in the page, Open in a new tab to print it, Download to keep it. Loaded on first use.
 */
export function MblPdfPreview({ mblNo, onClose }: { mblNo: string; onClose: () => void }) {
  const { t } = useTranslation(['masterBl', 'msg']);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let u: string | null = null;
    let live = true;
    fetchBlob(`/MasterBL/${encodeURIComponent(mblNo)}/pdf`)
      .then((blob) => {
        if (!live) return;
        u = URL.createObjectURL(blob);
        setUrl(u);
      })
      .catch((e: unknown) => live && setError(e));
    return () => {
      live = false;
      if (u) URL.revokeObjectURL(u);
    };
  }, [mblNo]);
  return (
    <Modal
      open
      width={980}
      title={t('pdfPreviewTitle', { no: mblNo })}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="open" href={url ?? undefined} target="_blank" disabled={!url} data-testid="mbl-pdf-open">
          {t('pdfOpen')}
        </Button>,
        <Button
          key="download"
          disabled={!url}
          onClick={() => {
            if (url) saveAs(url, `MBL-${mblNo}.pdf`);
          }}
          data-testid="mbl-pdf-download"
        >
          {t('pdfDownload')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose} data-testid="mbl-pdf-close">
          {t('pdfClose')}
        </Button>,
      ]}
    >
      {error ? (
        <Alert type="error" showIcon title={errorText(t, error)} data-testid="mbl-pdf-error" />
      ) : !url ? (
        <Spin />
      ) : (
        <iframe
          title={t('pdfFrame', { no: mblNo })}
          src={url}
          style={{ width: '100%', height: 640, border: '1px solid #f0f0f0' }}
          data-testid="mbl-pdf-preview"
        />
      )}
    </Modal>
  );
}

/**
 * Why the DCSA Shipping Instructions were not made (issue 39): each SO without an HS code of HS 2022 is listed
 * with a link to its booking's cargo lines (Details tab); other problems as labelled lines.
 */
export function MblSiRefusal({ problems, onClose }: { problems: TFieldError[]; onClose: () => void }) {
  const { t } = useTranslation(['masterBl', 'msg']);
  const labels = useMblLabels();
  const missing = problems.filter(
    (d) => d.msgKey === MBL_MSG.soNoHsCode && typeof d.params?.so_no === 'string',
  );
  const other = problems.filter((d) => !missing.includes(d));
  return (
    <Modal
      open
      width={760}
      title={t('siRefusedTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="mbl-si-refusal-close">
          {t('pdfClose')}
        </Button>
      }
    >
      {missing.length > 0 && (
        <PlainAlert
          type="error"
          data-testid="mbl-si-missing-hs"
          title={t('siMissingHs', { count: missing.length })}
          description={
            <ul>
              {missing.map((d) => {
                const soNo = String(d.params?.so_no);
                return (
                  <li key={soNo}>
                    <Link to={bookingCargoPath(soNo)} data-testid={`mbl-si-missing-hs-${soNo}`}>
                      {t('siOpenCargo', { so_no: soNo })}
                    </Link>
                  </li>
                );
              })}
            </ul>
          }
        />
      )}
      {other.length > 0 && (
        <ul data-testid="mbl-si-problems">
          {other.map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the schema may report one path twice
            <li key={i}>{dcsaProblem(d, labels.fieldPath, (k, p) => msgText(t, k, p))}</li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
