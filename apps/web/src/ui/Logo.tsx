/** The product mark: a floor-plan pin with radio rings. */
export function Logo({ size = 48 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      role="img"
      aria-hidden="true"
      className="logo"
    >
      <circle
        cx="24"
        cy="20"
        r="16"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        opacity="0.35"
      />
      <circle
        cx="24"
        cy="20"
        r="10"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        opacity="0.6"
      />
      <path
        d="M24 44 C16 32 14 28 14 20 a10 10 0 0 1 20 0 c0 8 -2 12 -10 24z"
        fill="currentColor"
      />
      <circle cx="24" cy="20" r="4" fill="var(--surface)" />
    </svg>
  );
}
