import { FilePdfOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, ConfigProvider, Descriptions, Empty, Flex, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/button';
import { useApp } from '../../../shared/feedback';
import { errorText } from '../../../shared/i18n/error-text';
import { MsgText } from '../../../shared/i18n/msg-text';
import { Typography } from '../../../shared/plain/typography';
import { downloadHouseDoc, fetchHouseDoc } from '../booking-extras-api';
import type { BookingTabProps } from '../booking-tab-props';
import { useFormValue } from './booking-facts';

/**
 * House Doc: the house bill of lading as a PDF (download and preview, sent with the user's token). Needs
 * the HBL number (assigned with the job). Internal users also see whether the shipper and consignee
 * addresses are hidden on it, which only a manager may change.
 */
export function HouseDocTab({ booking, internal }: BookingTabProps) {
  const { t } = useTranslation('booking-extra');
  const hideAddress = useFormValue<boolean>('hide_party_address');
  if (!booking)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('common.saveFirst')}
        data-testid="house-doc-save-first"
      />
    );
  return (
    <ConfigProvider componentDisabled={false}>
      <Flex vertical gap={12} data-testid="house-doc-tab">
        <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('houseDoc.hblNo')}>
            <span data-testid="house-doc-hbl">{booking.hbl_no ?? '—'}</span>
          </Descriptions.Item>
          {internal && (
            <Descriptions.Item label={t('houseDoc.hideAddress')}>
              <Flex vertical gap={2}>
                <Tag color={hideAddress ? 'orange' : 'default'} data-testid="house-doc-hide-address">
                  {hideAddress ? t('houseDoc.hidden') : t('houseDoc.shown')}
                </Tag>
                <Typography.Text type="secondary">{t('houseDoc.hideAddressWho')}</Typography.Text>
              </Flex>
            </Descriptions.Item>
          )}
        </Descriptions>
        {booking.hbl_no ? (
          <HouseDocPreview soNo={booking.so_no} version={booking.version} />
        ) : (
          <Alert
            type="warning"
            showIcon
            title={<MsgText msgKey="msgHblNotAssigned" />}
            data-testid="house-doc-no-hbl"
          />
        )}
      </Flex>
    </ConfigProvider>
  );
}

function HouseDocPreview({ soNo, version }: { soNo: string; version: number }) {
  const { t } = useTranslation('booking-extra');
  const { message } = useApp();
  const [downloading, setDownloading] = useState(false);
  const pdf = useQuery({
    queryKey: ['booking', soNo, 'house-doc', version],
    queryFn: ({ signal }) => fetchHouseDoc(soNo, signal),
    staleTime: 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pdf.data) return;
    const u = URL.createObjectURL(pdf.data);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [pdf.data]);

  const download = () => {
    setDownloading(true);
    downloadHouseDoc(soNo)
      .catch((e: unknown) => message.error(errorText(t, e)))
      .finally(() => setDownloading(false));
  };

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap>
        <Button
          type="primary"
          icon={<FilePdfOutlined />}
          loading={downloading}
          onClick={download}
          data-testid="house-doc-download"
        >
          {t('houseDoc.download')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => pdf.refetch()} data-testid="house-doc-refresh">
          {t('houseDoc.refresh')}
        </Button>
      </Flex>
      {pdf.error ? (
        <Alert type="error" showIcon title={errorText(t, pdf.error)} data-testid="house-doc-error" />
      ) : pdf.isLoading || !url ? (
        <Spin />
      ) : (
        <iframe
          title={t('houseDoc.previewTitle')}
          src={url}
          style={{ width: '100%', height: 640, border: '1px solid #f0f0f0' }}
          data-testid="house-doc-preview"
        />
      )}
    </Flex>
  );
}
