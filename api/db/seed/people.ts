/** The demo accounts. Admin and John log in with their email as password. */
export type PersonSeed = {
  name: string;
  lastName: string;
  email: string;
  /** Undefined: the account gets an unguessable random password (a reviewer who cannot log in). */
  password?: string;
  isAdmin: boolean;
  phoneNumber: string;
  address: string;
  country: string;
  zipCode: string;
  city: string;
  state: string;
};

export const ADMIN: PersonSeed = {
  name: 'Admin',
  lastName: 'Admin',
  email: 'admin@admin.com',
  password: 'admin@admin.com',
  isAdmin: true,
  phoneNumber: '+1 555 010 0001',
  address: '1 Market Street',
  country: 'United States',
  zipCode: '94105',
  city: 'San Francisco',
  state: 'CA',
};

export const JOHN: PersonSeed = {
  name: 'John',
  lastName: 'Doe',
  email: 'john@doe.com',
  password: 'john@doe.com',
  isAdmin: false,
  phoneNumber: '+1 555 010 0002',
  address: '742 Evergreen Terrace',
  country: 'United States',
  zipCode: '97403',
  city: 'Springfield',
  state: 'OR',
};

/** Customers who write reviews and place orders; they cannot log in. */
export const CUSTOMERS: readonly PersonSeed[] = [
  {
    name: 'Maria',
    lastName: 'Garcia',
    email: 'maria.garcia@example.com',
    isAdmin: false,
    phoneNumber: '+34 600 123 456',
    address: 'Calle Mayor 12',
    country: 'Spain',
    zipCode: '28013',
    city: 'Madrid',
    state: 'Madrid',
  },
  {
    name: 'Liam',
    lastName: 'Chen',
    email: 'liam.chen@example.com',
    isAdmin: false,
    phoneNumber: '+1 604 555 0147',
    address: '88 Pender Street',
    country: 'Canada',
    zipCode: 'V6B 1R3',
    city: 'Vancouver',
    state: 'BC',
  },
  {
    name: 'Sofia',
    lastName: 'Rossi',
    email: 'sofia.rossi@example.com',
    isAdmin: false,
    phoneNumber: '+39 02 555 0199',
    address: 'Via Torino 45',
    country: 'Italy',
    zipCode: '20123',
    city: 'Milan',
    state: 'MI',
  },
  {
    name: 'Noah',
    lastName: 'Schmidt',
    email: 'noah.schmidt@example.com',
    isAdmin: false,
    phoneNumber: '+49 30 555 0133',
    address: 'Kastanienallee 7',
    country: 'Germany',
    zipCode: '10435',
    city: 'Berlin',
    state: 'Berlin',
  },
  {
    name: 'Aisha',
    lastName: 'Patel',
    email: 'aisha.patel@example.com',
    isAdmin: false,
    phoneNumber: '+91 98 5550 1234',
    address: '14 MG Road',
    country: 'India',
    zipCode: '560001',
    city: 'Bengaluru',
    state: 'Karnataka',
  },
  {
    name: 'Emma',
    lastName: 'Johnson',
    email: 'emma.johnson@example.com',
    isAdmin: false,
    phoneNumber: '+1 512 555 0178',
    address: '301 Congress Avenue',
    country: 'United States',
    zipCode: '78701',
    city: 'Austin',
    state: 'TX',
  },
];

/** Review comments by star rating (1 awful … 5 very good). */
export const COMMENTS: Readonly<Record<1 | 2 | 3 | 4 | 5, readonly string[]>> = {
  1: [
    'Stopped working after two weeks and the replacement took a month to arrive. Very disappointed.',
    'Nothing like the description. The build quality feels cheap and it arrived scratched.',
    'Returned it the same day. It simply did not do what was promised.',
  ],
  2: [
    'It works, but it is slower than I expected for the price.',
    'Decent idea, poor execution. The instructions were confusing and one part was missing.',
    'Average at best. I would look at other options before buying this again.',
  ],
  3: [
    'Does the job. Nothing special, but no real complaints either.',
    'Good value for the money, though the packaging could be better.',
    'Fine for everyday use. A few small annoyances but I am keeping it.',
  ],
  4: [
    'Very happy with it. Fast delivery and it works exactly as described.',
    'Great quality for the price. Knocked off one star because setup took a while.',
    'Solid and reliable. I use it every day and would recommend it to friends.',
    'Better than I expected. The small details show that someone cared about the design.',
  ],
  5: [
    'Absolutely love it! Best purchase I have made this year.',
    'Excellent in every way. Arrived early, well packed and works perfectly.',
    'Outstanding quality. I bought a second one as a gift.',
    'Five stars without hesitation. It has made my daily routine so much easier.',
  ],
};
