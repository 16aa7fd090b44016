import { type ButtonProps, Flex, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { mblNewPath } from './mbl-paths';

/** Where a new bill starts: an approved consol plan, or FCL shipping orders. */
export default function NewMblModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('masterBl');
  const navigate = useNavigate();
  const [from, setFrom] = useState<'CONSOL' | 'FCL'>('CONSOL');
  const [text, setText] = useState('');
  const value = text.trim();
  return (
    <Modal
      open={open}
      title={t('new')}
      onCancel={onClose}
      okText={t('newStart')}
      okButtonProps={{ disabled: !value, 'data-testid': 'mbl-new-start' } as ButtonProps}
      onOk={() =>
        navigate(
          from === 'CONSOL'
            ? mblNewPath({ consol_no: value })
            : mblNewPath({ so_nos: value.split(/[\s,]+/).filter(Boolean) }),
        )
      }
    >
      <Flex vertical gap={12}>
        <Radio.Group value={from} onChange={(e) => setFrom(e.target.value)} data-testid="mbl-new-from">
          <Radio value="CONSOL">{t('source.CONSOL')}</Radio>
          <Radio value="FCL">{t('source.FCL')}</Radio>
        </Radio.Group>
        <PlainTextInput
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={from === 'CONSOL' ? t('newConsolHint') : t('newSoHint')}
          data-testid="mbl-new-ref"
        />
      </Flex>
    </Modal>
  );
}
