/** Naming and address habits of the countries fake applicants come from. */
export interface CountryProfile {
  /** Country name as shown in the identity table. */
  name: string;
  /** ICAO 9303 code used in machine-readable zones (Germany is 'D'). */
  icao: string;
  firstNames: { M: readonly string[]; F: readonly string[] };
  /** Surnames; a pair is [masculine, feminine] where the language inflects them. */
  surnames: readonly (string | readonly [string, string])[];
  /** Two surnames (father's, then mother's) as in Spain and Latin America. */
  doubleSurname?: boolean;
  cities: readonly string[];
  streets: readonly string[];
  /** '#' is a digit. */
  postalCode: string;
  /** {street} {number} {postal} {city} */
  address: string;
  /** Document types this country issues to residents. */
  documents: readonly string[];
}

export const COUNTRIES: readonly CountryProfile[] = [
  {
    name: 'Brazil',
    icao: 'BRA',
    firstNames: {
      M: ['João', 'Pedro', 'Lucas', 'Gabriel', 'Rafael', 'Mateus', 'Gustavo', 'Thiago'],
      F: ['Maria', 'Ana', 'Juliana', 'Beatriz', 'Larissa', 'Camila', 'Fernanda', 'Letícia'],
    },
    surnames: ['Silva', 'Santos', 'Oliveira', 'Souza', 'Pereira', 'Costa', 'Rodrigues', 'Almeida', 'Carvalho', 'Lima'],
    cities: ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Salvador', 'Curitiba', 'Recife', 'Porto Alegre'],
    streets: ['Rua das Flores', 'Avenida Paulista', 'Rua Augusta', 'Rua XV de Novembro', 'Avenida Atlântica'],
    postalCode: '#####-###',
    address: '{street}, {number}, {city} {postal}',
    documents: ['ID_CARD', 'PASSPORT', 'DRIVERS'],
  },
  {
    name: 'Portugal',
    icao: 'PRT',
    firstNames: {
      M: ['Tiago', 'Duarte', 'Rodrigo', 'Francisco', 'Afonso', 'Martim'],
      F: ['Inês', 'Leonor', 'Matilde', 'Beatriz', 'Carolina', 'Mariana'],
    },
    surnames: ['Ferreira', 'Gonçalves', 'Martins', 'Sousa', 'Fernandes', 'Lopes', 'Marques', 'Ribeiro'],
    cities: ['Lisboa', 'Porto', 'Braga', 'Coimbra', 'Faro', 'Aveiro'],
    streets: ['Rua do Carmo', 'Avenida da Liberdade', 'Rua de Santa Catarina', 'Rua Augusta'],
    postalCode: '####-###',
    address: '{street} {number}, {postal} {city}',
    documents: ['ID_CARD', 'PASSPORT', 'DRIVERS'],
  },
  {
    name: 'Germany',
    icao: 'D',
    firstNames: {
      M: ['Lukas', 'Jonas', 'Felix', 'Maximilian', 'Leon', 'Paul', 'Tobias'],
      F: ['Sophie', 'Marie', 'Hannah', 'Lena', 'Johanna', 'Katharina', 'Anna'],
    },
    surnames: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Becker', 'Wagner', 'Hoffmann', 'Schäfer'],
    cities: ['Berlin', 'München', 'Hamburg', 'Köln', 'Leipzig', 'Frankfurt am Main', 'Dresden'],
    streets: ['Hauptstraße', 'Bahnhofstraße', 'Schillerstraße', 'Gartenstraße', 'Lindenallee'],
    postalCode: '#####',
    address: '{street} {number}, {postal} {city}',
    documents: ['ID_CARD', 'PASSPORT', 'DRIVERS', 'RESIDENCE_PERMIT'],
  },
  {
    name: 'Poland',
    icao: 'POL',
    firstNames: {
      M: ['Jakub', 'Kacper', 'Szymon', 'Michał', 'Piotr', 'Tomasz'],
      F: ['Zuzanna', 'Julia', 'Maja', 'Agnieszka', 'Katarzyna', 'Małgorzata'],
    },
    surnames: [
      'Nowak',
      ['Kowalski', 'Kowalska'],
      ['Wiśniewski', 'Wiśniewska'],
      'Wójcik',
      ['Kamiński', 'Kamińska'],
      ['Lewandowski', 'Lewandowska'],
      'Zieliński',
    ],
    cities: ['Warszawa', 'Kraków', 'Gdańsk', 'Wrocław', 'Poznań', 'Łódź'],
    streets: ['ul. Marszałkowska', 'ul. Długa', 'ul. Floriańska', 'ul. Piotrkowska', 'ul. Mickiewicza'],
    postalCode: '##-###',
    address: '{street} {number}, {postal} {city}',
    documents: ['ID_CARD', 'PASSPORT', 'DRIVERS'],
  },
  {
    name: 'France',
    icao: 'FRA',
    firstNames: {
      M: ['Louis', 'Hugo', 'Arthur', 'Jules', 'Gabriel', 'Raphaël'],
      F: ['Emma', 'Louise', 'Chloé', 'Camille', 'Léa', 'Manon'],
    },
    surnames: ['Martin', 'Bernard', 'Dubois', 'Lefèvre', 'Moreau', 'Laurent', 'Girard', 'Roux'],
    cities: ['Paris', 'Lyon', 'Marseille', 'Toulouse', 'Nantes', 'Bordeaux', 'Lille'],
    streets: ['rue de Rivoli', 'boulevard Saint-Germain', 'rue Victor Hugo', 'avenue Jean Jaurès'],
    postalCode: '#####',
    address: '{number} {street}, {postal} {city}',
    documents: ['ID_CARD', 'PASSPORT', 'DRIVERS'],
  },
  {
    name: 'Spain',
    icao: 'ESP',
    firstNames: {
      M: ['Hugo', 'Martín', 'Alejandro', 'Pablo', 'Javier', 'Sergio'],
      F: ['Lucía', 'Sofía', 'Martina', 'Carmen', 'Elena', 'Paula'],
    },
    surnames: ['García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez'],
    doubleSurname: true,
    cities: ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Bilbao', 'Zaragoza', 'Málaga'],
    streets: ['Calle Mayor', 'Gran Vía', 'Calle de Alcalá', 'Paseo de Gracia', 'Calle Serrano'],
    postalCode: '#####',
    address: '{street} {number}, {postal} {city}',
    documents: ['ID_CARD', 'PASSPORT', 'DRIVERS', 'RESIDENCE_PERMIT'],
  },
  {
    name: 'Mexico',
    icao: 'MEX',
    firstNames: {
      M: ['José', 'Luis', 'Diego', 'Santiago', 'Miguel', 'Emiliano'],
      F: ['Guadalupe', 'Valentina', 'Ximena', 'Fernanda', 'Regina', 'Renata'],
    },
    surnames: ['Hernández', 'López', 'Ramírez', 'Torres', 'Flores', 'Cruz', 'Morales', 'Reyes'],
    doubleSurname: true,
    cities: ['Ciudad de México', 'Guadalajara', 'Monterrey', 'Puebla', 'Mérida', 'Querétaro'],
    streets: ['Avenida Reforma', 'Calle Madero', 'Avenida Juárez', 'Calle 5 de Mayo'],
    postalCode: '#####',
    address: '{street} {number}, {postal} {city}',
    documents: ['ID_CARD', 'PASSPORT', 'DRIVERS'],
  },
  {
    name: 'Nigeria',
    icao: 'NGA',
    firstNames: {
      M: ['Chinedu', 'Emeka', 'Tunde', 'Oluwaseun', 'Ibrahim', 'Chukwuma'],
      F: ['Ngozi', 'Aisha', 'Funmilayo', 'Chiamaka', 'Adaeze', 'Zainab'],
    },
    surnames: ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Ogunleye', 'Nwosu', 'Abubakar', 'Okonkwo'],
    cities: ['Lagos', 'Abuja', 'Ibadan', 'Kano', 'Enugu', 'Port Harcourt'],
    streets: ['Allen Avenue', 'Awolowo Road', 'Adeola Odeku Street', 'Ahmadu Bello Way'],
    postalCode: '######',
    address: '{number} {street}, {city} {postal}',
    documents: ['PASSPORT', 'ID_CARD', 'DRIVERS'],
  },
  {
    name: 'India',
    icao: 'IND',
    firstNames: {
      M: ['Arjun', 'Rohan', 'Vikram', 'Aditya', 'Rahul', 'Karan'],
      F: ['Priya', 'Ananya', 'Kavya', 'Diya', 'Meera', 'Sneha'],
    },
    surnames: ['Sharma', 'Patel', 'Iyer', 'Reddy', 'Singh', 'Gupta', 'Nair', 'Mehta'],
    cities: ['Mumbai', 'Delhi', 'Bengaluru', 'Chennai', 'Pune', 'Hyderabad', 'Kolkata'],
    streets: ['MG Road', 'Linking Road', 'Park Street', 'Brigade Road', 'Anna Salai'],
    postalCode: '######',
    address: '{number}, {street}, {city} {postal}',
    documents: ['PASSPORT', 'ID_CARD', 'DRIVERS'],
  },
  {
    name: 'Japan',
    icao: 'JPN',
    firstNames: {
      M: ['Haruto', 'Sota', 'Ren', 'Yuto', 'Daiki', 'Kenta'],
      F: ['Yui', 'Aoi', 'Hina', 'Sakura', 'Yuna', 'Mio'],
    },
    surnames: ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto', 'Nakamura'],
    cities: ['Tokyo', 'Osaka', 'Kyoto', 'Sapporo', 'Fukuoka', 'Nagoya', 'Yokohama'],
    streets: ['Shibuya', 'Chuo', 'Nakagyo', 'Kita', 'Minato'],
    postalCode: '###-####',
    address: '{number} {street}, {city} {postal}',
    documents: ['PASSPORT', 'DRIVERS', 'RESIDENCE_PERMIT'],
  },
  {
    name: 'United States',
    icao: 'USA',
    firstNames: {
      M: ['James', 'Michael', 'Ethan', 'Noah', 'Daniel', 'William'],
      F: ['Olivia', 'Emma', 'Ava', 'Madison', 'Abigail', 'Emily'],
    },
    surnames: ['Smith', 'Johnson', 'Williams', 'Brown', 'Garcia', 'Miller', 'Davis', 'Wilson'],
    cities: ['New York', 'Chicago', 'Austin', 'Seattle', 'Boston', 'Denver', 'Atlanta'],
    streets: ['Main Street', 'Oak Avenue', 'Maple Drive', 'Washington Boulevard', 'Pine Street'],
    postalCode: '#####',
    address: '{number} {street}, {city} {postal}',
    documents: ['PASSPORT', 'DRIVERS'],
  },
];
