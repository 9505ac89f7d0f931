/** Discussion panel for one question (spec §2). Full implementation in progress. */
export function DiscussionPanel({ questionId }: { questionId: string }) {
  return <section className="discussion" data-question-id={questionId} />;
}
