import { useState } from 'react';
import { Tabs } from '../../ui';
import { formatLongDate } from '../../lib/time';
import { SampleBadge } from '../questions/QuestionCards';
import { OfficialAvatar } from '../research/Officials';
import { useOfficials } from '../research/api';
import { useAllPredictions } from './manageApi';
import { OfficialFormDialog, PredictionFormDialog } from './ManageDialogs';
import { Manager } from './Manager';
import './admin-tabs.css';
import { useT } from '../../i18n';
import '../../i18n/later';

type Section = 'officials' | 'predictions';

/** Admin: research content (officials and media predictions): list, create, edit, delete. */
export function ManageTab() {
  const [section, setSection] = useState<Section>('officials');
  const t = useT();
  return (
    <Tabs<Section>
      label={t('admin.mgLabel')}
      className="tabs--sub"
      value={section}
      onValueChange={setSection}
      items={[
        { value: 'officials', label: t('admin.mgOfficials'), content: section === 'officials' ? <OfficialsManager /> : null },
        { value: 'predictions', label: t('admin.mgPredictions'), content: section === 'predictions' ? <PredictionsManager /> : null },
      ]}
    />
  );
}

function OfficialsManager() {
  const officials = useOfficials();
  const t = useT();
  return (
    <Manager
      kind="official"
      texts={{
        title: t('admin.mgOfficials'),
        add: t('admin.mgAddOfficial'),
        loading: t('admin.mgOfficialsLoading'),
        failed: t('admin.mgOfficialsFailed'),
        none: t('admin.mgOfficialsNone'),
      }}
      query={{
        isPending: officials.isPending,
        isError: officials.isError,
        list: officials.data ?? [],
        refetch: () => void officials.refetch(),
      }}
      renderItem={(o) => (
        <>
          <div className="manage-item__head">
            <OfficialAvatar official={o} />
            <div className="manage-item__who">
              <p className="admin-q__text">{o.name}</p>
              <p className="admin-q__meta">{o.title}</p>
              {o.isSample && <SampleBadge />}
            </div>
          </div>
          {o.tags.length > 0 && <p className="admin-q__meta">{t('admin.mgTopics', { tags: o.tags.join(', ') })}</p>}
        </>
      )}
      labelOf={(o) => o.name}
      renderForm={(o, onClose) => <OfficialFormDialog official={o} onClose={onClose} />}
    />
  );
}

function PredictionsManager() {
  const all = useAllPredictions();
  const t = useT();
  return (
    <Manager
      kind="prediction"
      texts={{
        title: t('admin.mgPredictions'),
        add: t('admin.mgAddPrediction'),
        loading: t('admin.mgPredictionsLoading'),
        failed: t('admin.mgPredictionsFailed'),
        none: t('admin.mgPredictionsNone'),
      }}
      query={{ isPending: all.isPending, isError: all.isError, list: all.predictions, refetch: all.refetch }}
      renderItem={(p) => (
        <>
          <div className="admin-q__head">
            <span className="manage-item__confidence">{t('admin.mgConfidence', { percent: String(Math.round(p.confidence)) })}</span>
            {p.isSample && <SampleBadge />}
            {p.sourceDate && <span className="admin-q__date">{/^\d{4}-\d{2}-\d{2}$/.test(p.sourceDate) ? formatLongDate(`${p.sourceDate}T12:00:00Z`) : p.sourceDate}</span>}
          </div>
          <p className="admin-q__text">“{p.statement}”</p>
          <p className="admin-q__meta">{p.prediction}</p>
          <p className="admin-q__meta">
            {p.sourceTitle} · {t('admin.mgTopics', { tags: p.tags.join(', ') })}
          </p>
        </>
      )}
      labelOf={(p) => p.statement}
      renderForm={(p, onClose) => <PredictionFormDialog prediction={p} onClose={onClose} />}
      footer={<p className="field__hint">{t('admin.mgPredictionsHint')}</p>}
    />
  );
}
