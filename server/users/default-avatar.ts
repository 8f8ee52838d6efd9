/** The picture of a user who has not uploaded one: a neutral silhouette in the brand green. */
export const DEFAULT_AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128">
<rect width="128" height="128" fill="#e6f4ec"/>
<circle cx="64" cy="50" r="24" fill="#2e9d62"/>
<path d="M18 128c2-28 21-44 46-44s44 16 46 44z" fill="#2e9d62"/>
</svg>
`;
