import { Link } from 'react-router';
import { useAtom } from 'jotai';
import { Tabs } from '../../ui';
import { ScreenHeader } from '../shell/ScreenHeader';
import { useTags } from './api';
import { OfficialsTab } from './Officials';
import { PredictionsTab } from './Predictions';
import { researchAtom, type ResearchTab } from './selection';
import { TopicsTab } from './TopicsTab';
import './research.css';
import { useT } from '../../i18n';
import '../../i18n/later';

/** /research (spec §2 Research): Topics, Officials and Predictions tabs sharing one selected topic. */
export function ResearchPage() {
  const [state, dispatch] = useAtom(researchAtom);
  const tags = useTags();
  const labels = new Map((tags.data ?? []).map((t) => [t.tag, t.label.trim() || t.tag]));
  const labelOf = (tag: string) => labels.get(tag) ?? tag;
  const tab = state.tab;
  const t = useT();

  return (
    <div className="research">
      <ScreenHeader title={t('research.title')} subtitle={t('research.subtitle')}>
        <Link to="/my-suggestions" className="research__suggest-link">
          {t('research.suggest')}
        </Link>
      </ScreenHeader>
      <Tabs<ResearchTab>
        label={t('research.sections')}
        /* Scrolls sideways rather than widening the page where a language’s labels are long (Afrikaans). */
        className="tabs--scroll"
        value={tab}
        onValueChange={(value) => dispatch({ type: 'setTab', tab: value })}
        items={[
          {
            value: 'topics',
            label: t('research.topics'),
            content:
              tab === 'topics' ? (
                <TopicsTab
                  tags={tags}
                  selected={state.tag}
                  labelOf={labelOf}
                  onToggle={(tag) => dispatch({ type: 'toggleTopic', tag })}
                  onClear={() => dispatch({ type: 'clear' })}
                  onJump={(tag) => dispatch({ type: 'jumpToTopic', tag })}
                />
              ) : null,
          },
          {
            value: 'officials',
            label: t('research.officials'),
            content:
              tab === 'officials' ? <OfficialsTab labelOf={labelOf} onJump={(tag) => dispatch({ type: 'jumpToTopic', tag })} /> : null,
          },
          {
            value: 'predictions',
            label: t('research.predictions'),
            content:
              tab === 'predictions' ? (
                <PredictionsTab
                  selected={state.tag}
                  labelOf={labelOf}
                  onChooseTopic={() => dispatch({ type: 'setTab', tab: 'topics' })}
                  onClear={() => dispatch({ type: 'clear' })}
                />
              ) : null,
          },
        ]}
      />
    </div>
  );
}
