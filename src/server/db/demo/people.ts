import type { Random } from "./random.js";

const FIRST_NAMES = [
  "Ayesha",
  "Fatima",
  "Zainab",
  "Maryam",
  "Hira",
  "Sana",
  "Mahnoor",
  "Iqra",
  "Amna",
  "Rabia",
  "Sadia",
  "Nimra",
  "Khadija",
  "Areeba",
  "Mehwish",
  "Saba",
  "Anum",
  "Kiran",
  "Bushra",
  "Farah",
  "Uzma",
  "Noor",
  "Hafsa",
  "Laiba",
  "Alishba",
  "Rida",
  "Sidra",
  "Tehreem",
  "Javeria",
  "Zoya",
];
const LAST_NAMES = [
  "Khan",
  "Malik",
  "Butt",
  "Chaudhry",
  "Qureshi",
  "Sheikh",
  "Raza",
  "Hussain",
  "Siddiqui",
  "Akhtar",
  "Iqbal",
  "Mirza",
  "Abbasi",
  "Awan",
  "Javed",
  "Rana",
  "Baig",
  "Farooq",
  "Aslam",
  "Naqvi",
];

/** Cities weighted roughly by where online orders come from, with a few neighbourhoods each. */
const CITIES: { city: string; weight: number; areas: string[]; postal: string }[] = [
  {
    city: "Lahore",
    weight: 9,
    areas: ["Model Town", "DHA Phase 5", "Gulberg III", "Johar Town", "Bahria Town", "Allama Iqbal Town"],
    postal: "54000",
  },
  {
    city: "Karachi",
    weight: 8,
    areas: ["Gulshan-e-Iqbal", "Clifton Block 5", "North Nazimabad", "PECHS Block 2", "DHA Phase 6"],
    postal: "75500",
  },
  { city: "Islamabad", weight: 5, areas: ["F-7/2", "G-11/3", "E-11/4", "Bahria Enclave", "I-8/1"], postal: "44000" },
  { city: "Rawalpindi", weight: 3, areas: ["Satellite Town", "Saddar", "Chaklala Scheme 3"], postal: "46000" },
  { city: "Faisalabad", weight: 4, areas: ["Madina Town", "Peoples Colony", "D Ground"], postal: "38000" },
  { city: "Multan", weight: 3, areas: ["Gulgasht Colony", "Shah Rukn-e-Alam", "Cantt"], postal: "60000" },
  { city: "Pakpattan", weight: 3, areas: ["Fareed Town", "Sahiwal Road", "Ghalla Mandi"], postal: "57400" },
  { city: "Peshawar", weight: 2, areas: ["Hayatabad Phase 3", "University Town"], postal: "25000" },
  { city: "Sialkot", weight: 2, areas: ["Cantt", "Model Town"], postal: "51310" },
  { city: "Gujranwala", weight: 2, areas: ["Satellite Town", "Peoples Colony"], postal: "52250" },
  { city: "Hyderabad", weight: 2, areas: ["Latifabad Unit 7", "Qasimabad"], postal: "71000" },
  { city: "Sahiwal", weight: 1, areas: ["Farid Town"], postal: "57000" },
];

export interface DemoCustomer {
  name: string;
  phone: string;
  email: string;
  city: string;
  address: string;
  postalCode: string;
}

function weightedCity(random: Random) {
  const total = CITIES.reduce((sum, c) => sum + c.weight, 0);
  let roll = random.next() * total;
  for (const c of CITIES) {
    roll -= c.weight;
    if (roll < 0) return c;
  }
  return CITIES[0];
}

/** Distinct customers with Pakistani mobile numbers written as people type them (0300-1234567). */
export function makeCustomers(random: Random, count: number): DemoCustomer[] {
  const customers: DemoCustomer[] = [];
  const phones = new Set<string>();
  while (customers.length < count) {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const phone = `03${random.int(0, 4)}${random.int(0, 9)}-${String(random.int(0, 9_999_999)).padStart(7, "0")}`;
    if (phones.has(phone)) continue;
    phones.add(phone);
    const place = weightedCity(random);
    customers.push({
      name: `${first} ${last}`,
      phone,
      email: random.chance(0.45) ? `${first}.${last}${random.int(1, 99)}@gmail.com`.toLowerCase() : "",
      city: place.city,
      address: `House ${random.int(1, 250)}, Street ${random.int(1, 30)}, ${random.pick(place.areas)}, ${place.city}`,
      postalCode: random.chance(0.5) ? place.postal : "",
    });
  }
  return customers;
}

export const SPECIAL_INSTRUCTIONS = [
  "Please call before delivery",
  "Deliver after 5 pm",
  "Gift wrap please, it's for my sister's wedding",
  "Leave with the guard if I'm not home",
  "Need it before Eid inshallah",
];

export const REVIEW_TEXTS: Record<number, string[]> = {
  5: [
    "Absolutely loved it! The fabric is even better than the pictures and the stitching is very neat.",
    "Wore it to my cousin's mehndi and got so many compliments. Delivery was quick too.",
    "Exactly as shown. The colour is rich and the embroidery is beautiful. Will order again.",
    "Very good quality for the price. The agent confirmed on WhatsApp within an hour.",
  ],
  4: [
    "Nice quality and comfortable fit. The colour is a shade lighter than the photo.",
    "Good product, delivered in three days to Pakpattan. Packaging could be better.",
    "Pretty and well made. Sizing runs slightly large, so order one size down.",
  ],
  3: ["Decent, but the dupatta was thinner than I expected.", "Okay for daily wear. Delivery took a week."],
};
