/** Decorative scene: two neighbors swapping skills, drawn in SVG so no image is downloaded. */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 520 460"
      aria-hidden="true"
      focusable="false"
      className={className}
      fontFamily="inherit"
    >
      <defs>
        <filter id="hero-card-shadow" x="-20%" y="-20%" width="140%" height="160%">
          <feDropShadow dx="0" dy="10" stdDeviation="12" floodColor="#12453f" floodOpacity="0.16" />
        </filter>
        <marker id="hero-arrow" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M1 1 L9 5 L1 9" fill="none" className="stroke-brand-600" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </marker>
        <linearGradient id="hero-blob" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#d3f5ec" />
          <stop offset="1" stopColor="#a8eadb" />
        </linearGradient>
      </defs>

      {/* Backdrop */}
      <path
        d="M262 34c92-6 196 42 222 134 27 95-30 201-118 243-86 41-205 28-275-33C22 321 9 222 45 150 78 84 171 40 262 34Z"
        fill="url(#hero-blob)"
      />
      <circle cx="446" cy="78" r="46" className="fill-accent-100" />
      <circle cx="70" cy="392" r="30" className="fill-accent-100" />
      <circle cx="260" cy="236" r="132" fill="none" className="stroke-brand-300" strokeWidth="2" strokeDasharray="4 10" strokeLinecap="round" />

      {/* Swap arrows */}
      <path d="M150 204 C 150 284, 190 318, 252 320" fill="none" className="stroke-brand-600" strokeWidth="3" strokeLinecap="round" markerEnd="url(#hero-arrow)" />
      <path d="M370 260 C 370 180, 330 150, 278 148" fill="none" className="stroke-brand-600" strokeWidth="3" strokeLinecap="round" markerEnd="url(#hero-arrow)" />

      {/* Neighbor card: Maya */}
      <g filter="url(#hero-card-shadow)">
        <rect x="18" y="84" width="250" height="118" rx="22" className="fill-white" />
      </g>
      <circle cx="74" cy="143" r="30" className="fill-accent-200" />
      <circle cx="74" cy="134" r="11" className="fill-accent-600" />
      <path d="M54 162c3-12 12-18 20-18s17 6 20 18" className="fill-accent-600" />
      <text x="118" y="128" className="fill-fg" fontSize="17" fontWeight="600">Maya</text>
      <text x="118" y="150" className="fill-fg-muted" fontSize="13">Offers guitar lessons</text>
      <rect x="118" y="162" width="96" height="22" rx="11" className="fill-brand-50" />
      <text x="129" y="177" className="fill-brand-800" fontSize="11" fontWeight="600">Music &amp; Arts</text>

      {/* Neighbor card: Sam */}
      <g filter="url(#hero-card-shadow)">
        <rect x="262" y="262" width="236" height="118" rx="22" className="fill-white" />
      </g>
      <circle cx="318" cy="321" r="30" className="fill-brand-200" />
      <circle cx="318" cy="312" r="11" className="fill-brand-700" />
      <path d="M298 340c3-12 12-18 20-18s17 6 20 18" className="fill-brand-700" />
      <text x="362" y="306" className="fill-fg" fontSize="17" fontWeight="600">Sam</text>
      <text x="362" y="328" className="fill-fg-muted" fontSize="13">Offers bike repair</text>
      <rect x="362" y="340" width="70" height="22" rx="11" className="fill-accent-100" />
      <text x="373" y="355" className="fill-accent-600" fontSize="11" fontWeight="600">Repairs</text>

      {/* Match pill */}
      <g filter="url(#hero-card-shadow)">
        <rect x="296" y="46" width="176" height="46" rx="23" className="fill-white" />
      </g>
      <circle cx="321" cy="69" r="13" className="fill-brand-100" />
      <path d="M315 69l4 4 8-8" fill="none" className="stroke-brand-700" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      <text x="342" y="66" className="fill-fg" fontSize="13" fontWeight="600">It's a match!</text>
      <text x="342" y="82" className="fill-fg-muted" fontSize="11">0.4 miles apart</text>

      {/* Rating pill */}
      <g filter="url(#hero-card-shadow)">
        <rect x="40" y="300" width="168" height="52" rx="18" className="fill-white" />
      </g>
      {[0, 1, 2, 3, 4].map((star) => (
        <path
          key={star}
          transform={`translate(${56 + star * 20} 310) scale(0.7)`}
          d="M12 2l2.9 6.3 6.9.8-5.1 4.7 1.4 6.8L12 17.2 5.9 20.6l1.4-6.8L2.2 9.1l6.9-.8L12 2Z"
          className="fill-accent-300"
        />
      ))}
      <text x="56" y="340" className="fill-fg-muted" fontSize="11">Exchange completed</text>

      {/* Sparkles */}
      <path d="M232 58l4 10 10 4-10 4-4 10-4-10-10-4 10-4Z" className="fill-accent-300" />
      <path d="M486 214l3 7 7 3-7 3-3 7-3-7-7-3 7-3Z" className="fill-brand-400" />
      <path d="M214 404l3 7 7 3-7 3-3 7-3-7-7-3 7-3Z" className="fill-brand-400" />
    </svg>
  );
}
