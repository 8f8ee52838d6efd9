/**
 * The palette tags are drawn in: each colour is the badge's text on its light background
 * (client/src/features/applicants/components/applicant-tags.css), every pair above 4.5:1.
 */
export const TAG_COLORS = ['gray', 'blue', 'green', 'amber', 'red', 'purple', 'teal', 'pink'] as const;
export type TagColor = (typeof TAG_COLORS)[number];
