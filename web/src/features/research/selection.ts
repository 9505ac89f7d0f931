// Research screen state (spec §2 Research): which tab is open and which topic is selected.
import { atomWithReducer } from 'jotai/utils';

export type ResearchTab = 'topics' | 'officials' | 'predictions';

export interface ResearchState {
  tab: ResearchTab;
  /** The selected topic (a tag key), or null. */
  tag: string | null;
}

export type ResearchAction =
  /** Choosing a topic selects it; choosing the selected topic again deselects it. */
  | { type: 'toggleTopic'; tag: string }
  /** The 'Clear' button. */
  | { type: 'clear' }
  /** An official's tag: open the Topics tab with that tag selected. */
  | { type: 'jumpToTopic'; tag: string }
  | { type: 'setTab'; tab: ResearchTab };

export const initialResearchState: ResearchState = { tab: 'topics', tag: null };

export function researchReducer(state: ResearchState, action: ResearchAction): ResearchState {
  switch (action.type) {
    case 'toggleTopic':
      return { ...state, tag: state.tag === action.tag ? null : action.tag };
    case 'clear':
      return { ...state, tag: null };
    case 'jumpToTopic':
      return { tab: 'topics', tag: action.tag };
    case 'setTab':
      return { ...state, tab: action.tab };
  }
}

/** Kept for the session, so coming back to /research shows the same topic. */
export const researchAtom = atomWithReducer(initialResearchState, researchReducer);
