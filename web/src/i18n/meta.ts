/** Who produced a catalogue and whether a first-language speaker has reviewed it (its `meta` block). */
export interface CatalogueMeta {
  language: string;
  locale: string;
  producer: string;
  reviewedByFirstLanguageSpeaker: boolean;
  reviewer?: string;
}
