import type { LegalDocument } from './legal-types.js';

/*
 * The text of the Terms of Service and the Privacy Policy. Rendered by the /terms and
 * /privacy pages and by the server's PDF routes, so it is plain text only: no markdown,
 * no HTML, no placeholders.
 */

const lastUpdated = 'July 21, 2025';

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  lastUpdated,
  intro: [
    'Welcome to SkillSwap, a community platform where neighbors trade skills and services with each other without money. These Terms of Service ("Terms") are an agreement between you and SkillSwap ("we", "us") and govern your use of the SkillSwap website and services (the "Service").',
    'By creating an account or using the Service you agree to these Terms and to our Privacy Policy. If you do not agree, please do not use the Service.',
  ],
  sections: [
    {
      heading: '1. Eligibility',
      paragraphs: [
        'You must be at least 18 years old to create an account or use the Service. By using the Service you confirm that you are 18 or older and that you are able to enter into a binding agreement.',
        'You may not use the Service if we have previously suspended or removed your account, or if you are barred from using it under applicable law.',
      ],
    },
    {
      heading: '2. Your account',
      paragraphs: [
        'You must give accurate information when you sign up and keep it up to date. You need a working e-mail address to verify your account and to recover it.',
        'You are responsible for keeping your password confidential and for all activity under your account. Tell us promptly if you believe someone else has used your account. You may have only one personal account.',
      ],
    },
    {
      heading: '3. How SkillSwap works',
      paragraphs: [
        'SkillSwap helps members publish exchange posts describing what they offer and what they are looking for, find compatible members, send exchange requests and talk to each other in private messages.',
        'SkillSwap is a meeting place only. We do not provide the skills or services that members offer, we are not a party to any exchange, and we do not employ, endorse or supervise members.',
      ],
    },
    {
      heading: '4. No money changes hands',
      paragraphs: [
        'Exchanges on SkillSwap are barter: members trade skills and services for other skills and services. You agree not to request, offer or accept money, gift cards, cryptocurrency or other payment for an exchange arranged through the Service, and not to use the Service to advertise paid work.',
        'You are responsible for any tax obligations that may arise from exchanges you take part in.',
      ],
    },
    {
      heading: '5. You are responsible for your exchanges',
      paragraphs: [
        'Users are solely responsible for the exchanges they arrange and take part in, including deciding whom to meet, agreeing on what is exchanged, the quality and safety of the services they provide, and their own conduct during an exchange.',
        'Use good judgment. Meet in public places when you can, tell someone where you are going, and do not take on work that requires a license, certification or insurance you do not have. Identity verification badges and ratings are helpful signals, not guarantees.',
        'Any dispute about an exchange is between the members involved. We may, but are not required to, help members resolve disagreements.',
      ],
    },
    {
      heading: '6. Acceptable use',
      paragraphs: [
        'You agree not to: post false, misleading or infringing content; harass, threaten or discriminate against anyone; offer anything illegal, dangerous or sexual in nature; impersonate another person; send spam or unsolicited advertising; collect other members\' personal data; or interfere with the security or operation of the Service, including by scraping, probing or overloading it.',
        'We may remove content or restrict accounts that break these rules.',
      ],
    },
    {
      heading: '7. Your content',
      paragraphs: [
        'You keep ownership of the profile details, posts, photos and messages you submit. You grant SkillSwap a non-exclusive, royalty-free license to host, store, display and share that content as needed to operate and improve the Service.',
        'You confirm that you have the right to share the content you submit and that it does not violate anyone else\'s rights.',
      ],
    },
    {
      heading: '8. Ratings and reviews',
      paragraphs: [
        'After an exchange is completed, each member may rate the other once. Ratings must be honest and based on a real exchange. Do not offer anything in return for a rating, and do not rate yourself through another account.',
        'We may remove ratings that are abusive, fraudulent or unrelated to an exchange, but we do not otherwise edit them.',
      ],
    },
    {
      heading: '9. Suspension and termination',
      paragraphs: [
        'You may stop using the Service and ask us to delete your account at any time.',
        'We may suspend or terminate your access, with or without notice, if you break these Terms, if your use creates risk or legal exposure for us or other members, or if we stop offering the Service. Sections that by their nature should survive termination, including sections 5, 10, 11 and 13, will survive.',
      ],
    },
    {
      heading: '10. Disclaimers',
      paragraphs: [
        'The Service is provided "as is" and "as available", without warranties of any kind, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement. We do not guarantee that the Service will be uninterrupted or error-free, or that any member, post, match or exchange will meet your expectations.',
      ],
    },
    {
      heading: '11. Limitation of liability',
      paragraphs: [
        'To the fullest extent permitted by law, SkillSwap is not liable for any indirect, incidental, special, consequential or punitive damages, or for any loss, injury or damage arising from exchanges between members or from your use of the Service.',
        'Our total liability for any claim relating to the Service is limited to one hundred US dollars (US$100). Some jurisdictions do not allow these limitations, so they may not fully apply to you.',
      ],
    },
    {
      heading: '12. Changes to these Terms',
      paragraphs: [
        'We may update these Terms from time to time. When we make material changes we will update the date above and let members know through the Service or by e-mail. If you keep using the Service after the changes take effect, you accept the updated Terms.',
      ],
    },
    {
      heading: '13. Governing law and venue',
      paragraphs: [
        'These Terms are governed by the laws of the Commonwealth of Massachusetts, without regard to its conflict-of-law rules. Any dispute arising from these Terms or the Service will be brought exclusively in the state or federal courts located in Suffolk County, Massachusetts, and you consent to the jurisdiction of those courts.',
      ],
    },
    {
      heading: '14. Contact',
      paragraphs: [
        'Questions about these Terms? Contact us at the support address shown in the footer of every SkillSwap page.',
      ],
    },
  ],
};

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated,
  intro: [
    'This Privacy Policy explains what information SkillSwap collects when you use our website and services (the "Service"), how we use it, and the choices you have. We collect only what we need to help neighbors trade skills safely.',
  ],
  sections: [
    {
      heading: '1. Information we collect',
      paragraphs: [
        'Account information: your e-mail address, your password (stored only as a secure hash) and the name you give us.',
        'Profile information: display name, photo, About Me text, skills and keywords, service type, skill category, lead time, portfolio and LinkedIn links, and, if you choose to provide them, your ZIP code, location and service radius.',
        'Activity: the posts you publish, exchange requests you send and receive, messages, ratings, notifications and your settings.',
        'Technical information: your session, basic device and browser information, and server logs such as IP address and request times, which we use to keep the Service secure.',
      ],
    },
    {
      heading: '2. How we use your information',
      paragraphs: [
        'We use your information to create and secure your account, show your profile and posts to other members, suggest compatible matches, deliver messages and notifications, send the e-mails you have asked for (such as verification, password recovery and exchange-request notices), prevent fraud and abuse, and improve the Service.',
      ],
    },
    {
      heading: '3. We do not sell your data',
      paragraphs: [
        'We do not sell, rent or trade your personal information, and we do not share it with advertisers. We do not show third-party advertising on SkillSwap.',
      ],
    },
    {
      heading: '4. How information is shared',
      paragraphs: [
        'With other members: your public profile and active posts are visible to signed-in members, subject to your privacy settings. Messages are visible only to the members in the conversation.',
        'With service providers: we may use providers that host our systems or deliver e-mail for us. They may use your information only to provide those services to us.',
        'For legal reasons: we may disclose information if the law requires it, or to protect the safety, rights or property of our members, the public or SkillSwap.',
      ],
    },
    {
      heading: '5. Location data',
      paragraphs: [
        'Location is optional. If you enter a ZIP code or use the locate button, we store your ZIP code and approximate location to show distances and to match you with nearby members. We look up ZIP codes on our own servers and do not send your position to third-party map services.',
        'You can turn off Location Sharing in your settings. When it is off, your ZIP code and location are hidden from other members and are not used for matching.',
      ],
    },
    {
      heading: '6. Cookies and sessions',
      paragraphs: [
        'We use a small number of essential cookies to keep you signed in and to protect your account. These session cookies cannot be read by scripts on the page. We do not use advertising or cross-site tracking cookies.',
        'We may store simple preferences in your browser, such as whether you have already seen a tip.',
      ],
    },
    {
      heading: '7. Data retention',
      paragraphs: [
        'We keep your information for as long as your account is active. When you delete your account we delete or anonymize your personal information within 30 days, except where we must keep it longer to meet legal obligations, resolve disputes or enforce our agreements. Messages you sent may remain visible to the members you sent them to.',
      ],
    },
    {
      heading: '8. Security',
      paragraphs: [
        'We protect your information with measures such as hashed passwords, encrypted connections and access controls on every request. No system is perfectly secure, so please use a strong, unique password and tell us if you notice anything suspicious.',
      ],
    },
    {
      heading: '9. Your rights and choices',
      paragraphs: [
        'You can view and update your profile at any time, change your notification and privacy settings, and ask us for a copy of your personal information or for its correction or deletion. Depending on where you live, you may have additional rights under local law. We will not discriminate against you for exercising them.',
      ],
    },
    {
      heading: '10. Children\'s privacy',
      paragraphs: [
        'SkillSwap is not directed to children. We do not knowingly collect personal information from children under 13, and children under 13 may not use the Service. Accounts are for adults aged 18 and over. If you believe a child under 13 has given us personal information, contact us and we will delete it.',
      ],
    },
    {
      heading: '11. Changes to this policy',
      paragraphs: [
        'We may update this Privacy Policy from time to time. When we make material changes we will update the date above and let members know through the Service or by e-mail.',
      ],
    },
    {
      heading: '12. Contact',
      paragraphs: [
        'Questions or requests about your privacy? Contact us at the support address shown in the footer of every SkillSwap page.',
      ],
    },
  ],
};
