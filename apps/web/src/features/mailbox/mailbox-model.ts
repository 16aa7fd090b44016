/** The catalogue key of a mail's kind: per-action kinds (`consolidation_approve`…) by their document. */
export const mailKindKey = (tag: string) =>
  tag.startsWith('consolidation_')
    ? 'consolidation'
    : tag.startsWith('booking_approval_')
      ? 'booking_approval'
      : tag;
