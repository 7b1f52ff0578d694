//! Names, vocabularies and templates: the corpus's fixed text. Fixed text
//! here never names a demo criterion on its own (a test checks), so
//! criteria reach a resume only through sampled skills.

use super::DegreeLevel::{Bachelor, Doctorate, Master};
use super::Discipline::{Arts, Design, Engineering, FineArts, Science};
use super::SectionKind::{Education, Experience, Projects, Skills};
use super::SkillKind::{
    Architecture, Automation, Build, Cloud, Craft, Datastore, Delivery, Framework, Infrastructure, Language, Library,
    Messaging, Method, Monitoring, Practice, Research, Testing, Tool,
};
use super::{degree, skill, skill_requiring, SectionKind, Vocabulary};

pub(super) const EXAMPLE_DOMAINS: &[&str] = &["example.com", "example.org", "example.net"];

pub(super) const US_AREA_CODES: &[&str] =
    &["202", "206", "212", "303", "312", "404", "415", "512", "617", "646", "718", "773"];

/// Ofcom's ranges for drama: London, Manchester, Bristol, Edinburgh and
/// mobile; three more digits complete a number.
pub(super) const UK_DRAMA_PREFIXES: &[&str] = &["20 7946 0", "161 496 0", "117 496 0", "131 496 0", "7700 900"];

#[rustfmt::skip]
pub(super) const FIRST_NAMES: &[&str] = &[
    "Aisha", "Akira", "Alejandro", "Amara", "Ana", "Anders", "Aroha", "Arjun", "Ayesha", "Ayumi", "Björn",
    "Bongani", "Camille", "Carlos", "Chen", "Chiamaka", "Chloé", "Daniel", "Diego", "Dmitri", "Elena",
    "Emeka", "Emma", "Farah", "Fatima", "Felipe", "Freya", "Giulia", "Hana", "Hiroshi", "Ibrahim", "Ingrid",
    "Isabel", "Jamal", "Javier", "Jin", "Joanna", "José", "Kai", "Kavya", "Kenji", "Kwame", "Laila", "Lars",
    "Leila", "Liam", "Lucía", "Łukasz", "Malik", "Mariana", "Mateo", "Meera", "Mei", "Mia", "Mohammed",
    "Nadia", "Naledi", "Ngozi", "Nikolai", "Noah", "Olga", "Omar", "Oscar", "Priya", "Rafael", "Rahul",
    "Ravi", "Rosa", "Sakura", "Samir", "Santiago", "Sara", "Seán", "Siddharth", "Sofia", "Søren", "Tariq",
    "Thandiwe", "Tomás", "Valentina", "Wei", "Yara", "Yusuf", "Zainab", "Zoë",
];

#[rustfmt::skip]
pub(super) const LAST_NAMES: &[&str] = &[
    "Adeyemi", "Ahmed", "Andersen", "Asante", "Banerjee", "Bauer", "Bianchi", "Brown", "Castillo",
    "Chatterjee", "Chen", "Costa", "Delgado", "Dlamini", "Dubois", "Eriksson", "Fernández", "Ferreira",
    "Fischer", "García", "Gupta", "Haddad", "Hansen", "Hernández", "Horvat", "Ivanov", "Jensen", "Johnson",
    "Kaur", "Kim", "Kowalski", "Kumar", "Larsen", "Lee", "Li", "Lindqvist", "López", "Martin", "Mendes",
    "Mensah", "Moreau", "Müller", "Murphy", "Nakamura", "Nguyen", "Nilsson", "Novák", "Nowak", "O'Brien",
    "Okafor", "Okonkwo", "Olsen", "Ortiz", "Park", "Patel", "Pereira", "Petrov", "Popescu", "Quispe",
    "Rahman", "Reyes", "Rossi", "Sánchez", "Sato", "Schmidt", "Silva", "Singh", "Smith", "Suzuki", "Tanaka",
    "Taylor", "Tran", "Ueda", "van der Berg", "Virtanen", "Walker", "Wang", "Williams", "Wilson", "Wójcik",
    "Yamamoto", "Yeo", "Yılmaz", "Zhang", "Zulu",
];

/// Fictional company names are two words, neither of which is " at " or
/// contains a comma, pipe or dash, so every title connector stays unambiguous.
#[rustfmt::skip]
pub(super) const COMPANY_FIRST_WORDS: &[&str] = &[
    "Northwind", "Bluefin", "Brightpath", "Copperleaf", "Driftwood", "Evergreen", "Fernhill", "Granite",
    "Harborview", "Ironbark", "Juniper", "Kestrel", "Lumen", "Meridian", "Nimbus", "Orchard", "Pinecrest",
    "Quartz", "Redwood", "Silverline", "Tidewater", "Upland", "Vantage", "Willow", "Yellowtail", "Zephyr",
];

#[rustfmt::skip]
pub(super) const COMPANY_SECOND_WORDS: &[&str] = &[
    "Labs", "Systems", "Health", "Logistics", "Payments", "Analytics", "Software", "Robotics", "Media",
    "Bank", "Energy", "Games", "Insurance", "Retail", "Travel",
];

#[rustfmt::skip]
pub(super) const TEAMS: &[&str] = &[
    "payments", "search", "checkout", "identity", "notifications", "billing", "logistics", "pricing",
    "onboarding", "catalog", "fraud", "reporting", "booking", "loyalty",
];

pub(super) const UNIVERSITIES: &[&str] = &[
    "University of Leeds",
    "University of Toronto",
    "Stanford University",
    "University of Edinburgh",
    "McGill University",
    "University of Waterloo",
    "Carnegie Mellon University",
    "Georgia Institute of Technology",
    "Imperial College London",
    "University College Dublin",
    "Delft University of Technology",
    "KTH Royal Institute of Technology",
    "Technical University of Munich",
    "University of Amsterdam",
    "Warsaw University of Technology",
    "University of São Paulo",
    "University of Cape Town",
    "University of Lagos",
    "University of Nairobi",
    "Indian Institute of Technology Bombay",
    "National University of Singapore",
    "Nanyang Technological University",
    "Seoul National University",
    "University of Tokyo",
    "Tsinghua University",
    "University of Melbourne",
    "University of Auckland",
    "Hong Kong Polytechnic University",
    "Kyiv Polytechnic Institute",
    "American University of Beirut",
    "Cairo University",
    "University of Manchester",
    "Hunter College",
];

pub(super) const ART_SCHOOLS: &[&str] = &[
    "Rhode Island School of Design",
    "Parsons School of Design",
    "Royal College of Art",
    "Savannah College of Art and Design",
    "Emily Carr University of Art and Design",
    "Glasgow School of Art",
    "Design Academy Eindhoven",
    "ArtCenter College of Design",
    "Pratt Institute",
];

pub(super) const SUMMARY_HEADINGS: &[&str] = &["Summary", "Professional Summary", "Profile", "About Me", "Objective"];
pub(super) const SKILLS_HEADINGS: &[&str] =
    &["Skills", "Technical Skills", "Core Competencies", "Technologies", "Skills & Tools"];
pub(super) const EXPERIENCE_HEADINGS: &[&str] =
    &["Experience", "Work Experience", "Professional Experience", "Employment History", "Work History"];
pub(super) const EDUCATION_HEADINGS: &[&str] = &["Education", "Academic Background", "Qualifications"];
pub(super) const PROJECTS_HEADINGS: &[&str] = &["Projects", "Personal Projects", "Selected Projects", "Side Projects"];

/// Orders of the sections after the summary.
pub(super) const BODY_ORDERS: &[[SectionKind; 4]] = &[
    [Skills, Experience, Education, Projects],
    [Experience, Skills, Education, Projects],
    [Skills, Experience, Projects, Education],
    [Experience, Education, Skills, Projects],
    [Experience, Skills, Projects, Education],
    [Skills, Education, Experience, Projects],
    [Experience, Projects, Skills, Education],
];

pub(super) const SKILL_MARKERS: &[&str] = &["- ", "• "];
pub(super) const BULLET_MARKERS: &[&str] = &["- ", "• ", "* "];
/// What joins a job title to the company.
pub(super) const TITLE_CONNECTORS: &[&str] = &[" — ", " at ", ", ", " | "];
/// Dashes of date ranges.
pub(super) const DASHES: &[&str] = &["-", "–", "—"];
pub(super) const PRESENT_WORDS: &[&str] = &["Present", "Current"];

pub(super) const SHORT_MONTHS: [&str; 12] =
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
#[rustfmt::skip]
pub(super) const LONG_MONTHS: [&str; 12] = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
];

/// Cross-track achievements; they name no skills, so one always fits.
pub(super) const SHARED_ACHIEVEMENTS: &[&str] = &[
    "Mentored {3..6} colleagues, {2..3} of whom were promoted within a year",
    "Coordinated work across distributed teams in {3..5} time zones",
    "Interviewed {20..80} candidates and helped redesign the hiring loop",
    "Became a trusted reviewer for work across {4..12} teams and rewrote the onboarding guide",
    "Presented quarterly results to leadership and {30..200} colleagues at the all-hands",
    "Organised a monthly knowledge-sharing session attended by {15..60} people",
    "Onboarded {3..9} new hires, cutting their time to first release from {4..6} weeks to {2..3}",
];

/// Trailing clauses for verbose bullets.
pub(super) const EXTENSIONS: &[&str] = &[
    ", working with product and support to roll it out to {3..12} teams",
    ", and wrote the internal guide other teams now follow",
    ", presenting the results at the company all-hands",
    ", in close partnership with product management and customer support",
    ", while keeping the existing roadmap on schedule",
    ", which {2..6} other squads adopted within a quarter",
    ", and trained {4..20} colleagues on the new workflow",
    "; the approach was later written up as an internal case study",
    ", earning the trust of a skeptical leadership team",
    ", without pausing any customer-facing releases",
];

/// Second sentences for verbose bullets, about the outcome.
pub(super) const FOLLOW_UPS: &[&str] = &[
    "This freed roughly {10..40} hours of team time a month",
    "The same approach was reused on {2..5} later projects",
    "Complaints on the topic fell by {20..60}% the following quarter",
    "It became one of the department's objectives for the next {2..3} quarters",
    "Leadership used the results to justify {2..4} new hires",
    "The work was featured in the company's internal newsletter",
    "We tracked the effect for {3..6} months to make sure it held",
    "I documented the trade-offs in a review that {10..40} people attended",
    "Two competitors shipped something similar within the year",
    "The project came in {2..3} weeks ahead of the original estimate",
];

pub(super) const CLOSINGS: &[&str] = &[
    "Looking for a team that values clear writing and careful reviews.",
    "Happiest when mentoring others and shipping in small increments.",
    "Open to hybrid or remote roles.",
    "Known for honest estimates and calm communication under pressure.",
    "Keen to join a product-minded team with real customers.",
    "Comfortable working across time zones and with remote colleagues.",
];

pub(super) static BACKEND: Vocabulary = Vocabulary {
    skills: &[
        skill(Language, "Rust", 63),
        skill(Language, "Go", 35),
        skill(Language, "Python", 35),
        skill(Language, "Java", 20),
        skill(Language, "Kotlin", 8),
        skill(Language, "C++", 10),
        skill(Language, "TypeScript", 15),
        skill(Language, "JavaScript", 10),
        skill(Language, "Scala", 6),
        skill(Language, "Elixir", 5),
        skill_requiring(Framework, "Tokio", 55, "Rust"),
        skill_requiring(Framework, "Axum", 25, "Rust"),
        skill_requiring(Framework, "Actix Web", 20, "Rust"),
        skill_requiring(Framework, "Spring Boot", 60, "Java"),
        skill_requiring(Framework, "Django", 45, "Python"),
        skill_requiring(Framework, "FastAPI", 35, "Python"),
        skill(Framework, "gRPC", 30),
        skill(Framework, "GraphQL", 20),
        skill(Framework, "REST", 45),
        skill(Datastore, "PostgreSQL", 77),
        skill(Datastore, "MySQL", 20),
        skill(Datastore, "Redis", 40),
        skill(Datastore, "MongoDB", 15),
        skill(Datastore, "Cassandra", 8),
        skill(Datastore, "DynamoDB", 15),
        skill(Datastore, "ClickHouse", 8),
        skill(Datastore, "Elasticsearch", 15),
        skill(Messaging, "Kafka", 30),
        skill(Messaging, "RabbitMQ", 15),
        skill(Messaging, "NATS", 5),
        skill(Cloud, "AWS", 50),
        skill(Cloud, "GCP", 18),
        skill(Cloud, "Azure", 8),
        skill_requiring(Messaging, "Amazon SQS", 25, "AWS"),
        skill(Infrastructure, "Kubernetes", 43),
        skill(Infrastructure, "Docker", 55),
        skill(Automation, "Terraform", 28),
        skill(Tool, "Linux", 35),
        skill(Tool, "Nginx", 10),
        skill(Monitoring, "Prometheus", 25),
        skill(Monitoring, "Grafana", 25),
        skill(Monitoring, "OpenTelemetry", 15),
        skill(Monitoring, "Datadog", 15),
        skill(Architecture, "distributed systems", 50),
        skill(Architecture, "microservices", 35),
        skill(Architecture, "event-driven architecture", 18),
        skill(Architecture, "API design", 30),
        skill(Architecture, "system design", 20),
        skill(Practice, "observability", 30),
        skill(Practice, "CI/CD", 40),
        skill(Practice, "TDD", 15),
        skill(Practice, "code review", 20),
        skill(Practice, "incident response", 15),
    ],
    titles: [
        &[
            "Junior Backend Engineer", "Software Engineering Intern",
            "Graduate Software Engineer", "Junior Software Developer",
        ],
        &["Backend Engineer", "Software Engineer", "Software Developer", "Platform Engineer"],
        &["Senior Backend Engineer", "Senior Software Engineer", "Senior Platform Engineer"],
        &["Staff Engineer", "Principal Engineer", "Lead Backend Engineer", "Engineering Lead"],
    ],
    achievements: &[
        "Cut p99 latency of the {team} API from {180..450} ms to {25..90} ms by rewriting the hot path in {Language}",
        "Built an ingestion pipeline on {Messaging} that handles {3..40}M events per day with at-least-once delivery",
        "Migrated {12..60} services off a shared database onto per-service {Datastore} schemas with zero downtime",
        "Reduced {Cloud} spend by {15..45}% by right-sizing instances and adding autoscaling to {6..20} services",
        "Designed the {Framework} service template now used by {4..15} teams, replacing {3..9} hand-rolled HTTP stacks",
        "Introduced {Monitoring} dashboards and SLO alerts, cutting mean time to recovery from {60..180} to {10..35} minutes",
        "Scaled the {team} platform from {2..9}k to {40..300}k requests per second while keeping the error rate below 0.1%",
        "Moved {20..80} workloads onto {Infrastructure}, shrinking deploy time from {25..60} minutes to {3..9}",
        "Led the design of a sharded {Datastore} cluster holding {2..40} TB of order history",
        "Wrote a {Language} library for idempotent retries that {5..30} internal services now depend on",
        "Rolled out {Practice} practices across {3..8} squads; change failure rate fell from {18..30}% to {4..9}%",
        "Applied {Architecture} principles to split the billing monolith into {4..12} independently deployed services",
        "Replaced nightly batch jobs with streaming consumers on {Messaging}, cutting data freshness from {12..24} hours to {2..5} minutes",
        "Tuned {Datastore} queries and indexes, bringing the slowest {team} report from {30..90} s to under {2..5} s",
        "Cut the {team} service's memory footprint by {30..70}% after profiling allocations in {Language}",
        "Shipped a {Framework} gateway serving {15..120} internal endpoints with consistent auth and rate limiting",
        "Automated schema migrations for {Datastore} in the release pipeline, removing a frustrating {2..4}-hour manual checklist",
        "Built a {Language} load-testing harness that caught {3..12} capacity regressions before they reached production",
        "Raised availability of the {team} service from 99.{5..8}% to 99.9{5..9}% over {2..4} quarters",
        "Designed an outbox pattern on {Datastore} and {Messaging} that removed {200..900} duplicate payments a month",
        "Codified {Cloud} infrastructure as code, replacing {40..150} hand-edited console resources",
        "Cut CI build times from {18..40} to {4..9} minutes by caching {Language} dependencies and splitting test suites",
    ],
    duties: &[
        "Worked on backend services for the {team} team",
        "Maintained internal APIs written in {Language}",
        "Helped with database administration tasks in {Datastore}",
        "Took part in code reviews and sprint planning",
        "Fixed bugs and implemented new features as requested by product managers",
        "Supported deployments on {Infrastructure}",
        "Kept the {team} services going during on-call weeks and answered support tickets",
        "Wrote unit and integration tests for existing endpoints",
        "Handled data-protection requests in line with privacy laws for EU customers",
        "Updated documentation for the {team} service",
    ],
    openers: &[
        "Backend engineer with {years} of experience building services in {Language} and {Datastore}.",
        "Software engineer with {years} of experience on high-traffic {team} systems.",
        "Pragmatic backend developer with {years} of experience shipping APIs that other teams rely on.",
    ],
    junior_openers: &[
        "Recent computer science graduate looking for a first backend role.",
        "Junior backend developer with {years} of experience, keen to grow on a team that reviews code carefully.",
    ],
    focus: &[
        "Most at home with {Architecture} and {Practice}.",
        "Comfortable across the stack, from {Datastore} schema design to {Infrastructure} deployments.",
        "Recently focused on {Cloud} cost and reliability work.",
        "Enjoys turning vague requirements into small, well-tested {Language} services.",
    ],
    projects: &[
        ("Ledgerline", "a double-entry bookkeeping service with an append-only journal"),
        ("Tidepool", "a toy key-value store with Raft-based replication"),
        ("Queuebert", "a lightweight job queue with retries and dead-letter handling"),
        ("Shardwise", "a command-line tool that plans shard splits from table statistics"),
        ("Pingboard", "a status page that probes HTTP endpoints every 30 seconds"),
        ("Ratelimitd", "a rate-limiting sidecar with token-bucket and GCRA strategies"),
        ("Tracewell", "a request-tracing demo that stitches spans across three services"),
        ("Schemadiff", "a tool that diffs database schemas between environments"),
    ],
    degrees: &[
        degree(Bachelor, Science, "Computer Science"),
        degree(Bachelor, Engineering, "Software Engineering"),
        degree(Bachelor, Science, "Mathematics"),
        degree(Bachelor, Science, "Physics"),
        degree(Bachelor, Engineering, "Electrical Engineering"),
        degree(Master, Science, "Computer Science"),
        degree(Master, Engineering, "Software Engineering"),
        degree(Master, Science, "Distributed Computing"),
        degree(Master, Science, "Information Security"),
    ],
    art_school_percent: 0,
};

pub(super) static DESIGNER: Vocabulary = Vocabulary {
    skills: &[
        skill(Tool, "Figma", 83),
        skill(Tool, "FigJam", 25),
        skill(Tool, "Sketch", 30),
        skill(Tool, "Adobe XD", 20),
        skill(Tool, "Framer", 15),
        skill(Tool, "Miro", 30),
        skill(Tool, "Principle", 8),
        skill(Tool, "Adobe Illustrator", 20),
        skill(Tool, "Adobe Photoshop", 20),
        skill(Tool, "Webflow", 10),
        skill(Tool, "Maze", 12),
        skill(Tool, "Dovetail", 10),
        skill(Research, "user research", 57),
        skill(Research, "usability testing", 37),
        skill(Research, "user interviews", 35),
        skill(Research, "journey mapping", 25),
        skill(Research, "card sorting", 10),
        skill(Research, "A/B testing", 15),
        skill(Research, "surveys", 20),
        skill(Research, "competitive analysis", 20),
        skill(Craft, "prototyping", 63),
        skill(Craft, "wireframing", 50),
        skill(Craft, "design systems", 37),
        skill(Craft, "accessibility", 30),
        skill(Craft, "interaction design", 40),
        skill(Craft, "visual design", 35),
        skill(Craft, "information architecture", 25),
        skill(Craft, "UX writing", 15),
        skill(Craft, "motion design", 10),
        skill(Craft, "service design", 10),
        skill(Language, "HTML/CSS", 20),
    ],
    titles: [
        &["Junior Product Designer", "UX Design Intern", "Junior UX Designer"],
        &["Product Designer", "UX Designer", "UI/UX Designer", "Interaction Designer"],
        &["Senior Product Designer", "Senior UX Designer", "Senior Interaction Designer"],
        &["Lead Product Designer", "Principal Designer", "Design Manager", "Staff Product Designer"],
    ],
    achievements: &[
        "Redesigned the {team} flow in {Tool}, lifting conversion from {2..4}.{0..9}% to {5..8}.{0..9}%",
        "Used {Research} with {8..30} customers to reframe the {team} roadmap, dropping {2..4} planned features",
        "Built a library of {40..160} components in {Tool}, cutting design-to-development handoff time by {20..50}%",
        "Owned {Craft} for the {team} squad across {6..20} releases in a year",
        "Raised WCAG 2.1 AA contrast compliance from {55..75}% to {92..99}% of screens",
        "Ran {3..12} rounds of {Research} on the checkout redesign, reducing average task time by {15..45}%",
        "Turned early {Craft} explorations into a clickable {Tool} flow tested with {5..20} participants",
        "Redesigned the {team} dashboard; related support tickets fell {25..60}% within {2..4} months",
        "Partnered with {3..8} engineers to ship a responsive web app that reached {20..200}k monthly users",
        "Produced {5..15} high-fidelity prototypes in {Tool} for executive reviews, securing funding for {2..3} new initiatives",
        "Combined {Research} and analytics to find a {10..35}% drop-off in the {team} sign-up funnel, then fixed it in {2..3} iterations",
        "Led a {Craft} overhaul that cut inconsistent UI patterns from {30..80} to {5..12}",
        "Designed onboarding for a new {team} product that reached {10..50}k sign-ups in its first quarter",
        "Cut the time to run a research round from {3..5} weeks to {6..10} days with a reusable {Research} kit",
        "Documented {30..90} interaction patterns so {4..10} product teams could ship consistent screens",
        "Shipped a dark mode and a reduced-motion setting now used by {10..35}% of active users",
    ],
    duties: &[
        "Made designs for new features in {Tool}",
        "Worked with developers and product managers on the {team} app",
        "Helped with research and feedback sessions",
        "Created mockups, icons and marketing graphics as needed",
        "Kept design files organised and up to date",
        "Prepared assets and specs for developers",
        "Attended stand-ups and design reviews",
    ],
    openers: &[
        "Product designer with {years} of experience designing {team} products for web and mobile.",
        "UX designer with {years} of experience turning customer insight into shipped interfaces.",
        "Designer with {years} of experience across B2B and consumer apps, with a focus on {Craft}.",
    ],
    junior_openers: &[
        "Junior product designer with {years} of professional experience and a strong portfolio of student work.",
        "Recent design graduate looking for a first product design role.",
    ],
    focus: &[
        "Works closely with engineers, using {Tool} and {Research} to move from problem to shipped design.",
        "Particularly interested in {Craft} and inclusive interfaces.",
        "Enjoys {Research} work and turning what it finds into clear decisions.",
    ],
    projects: &[
        ("Wayfinder", "a redesign concept for a city transit app tested with 12 commuters"),
        ("Open Pantry", "a volunteer scheduling app for a local food bank"),
        ("Palette Lab", "a colour-contrast checker plugin with 3000 installs"),
        ("Quiet Hours", "a meditation app concept built for one-handed use"),
        ("Clinic Finder", "a service blueprint and app flow for booking doctor appointments"),
        ("Type Specimen", "an open-source type scale generator for the web"),
    ],
    degrees: &[
        degree(Bachelor, Arts, "Graphic Design"),
        degree(Bachelor, FineArts, "Interaction Design"),
        degree(Bachelor, Science, "Psychology"),
        degree(Bachelor, Design, "Industrial Design"),
        degree(Bachelor, Arts, "Communication Design"),
        degree(Master, Arts, "Human-Computer Interaction"),
        degree(Master, Design, "Service Design"),
        degree(Master, Science, "Human Factors"),
    ],
    art_school_percent: 50,
};

pub(super) static DATA_SCIENTIST: Vocabulary = Vocabulary {
    skills: &[
        skill(Language, "Python", 85),
        skill(Language, "R", 35),
        skill(Language, "SQL", 75),
        skill(Language, "Scala", 8),
        skill(Language, "Julia", 4),
        skill(Library, "pandas", 60),
        skill(Library, "NumPy", 50),
        skill(Library, "scikit-learn", 50),
        skill(Library, "PyTorch", 30),
        skill(Library, "TensorFlow", 20),
        skill(Library, "XGBoost", 25),
        skill(Library, "statsmodels", 15),
        skill(Library, "spaCy", 10),
        skill(Datastore, "Snowflake", 25),
        skill(Datastore, "BigQuery", 25),
        skill(Datastore, "PostgreSQL", 20),
        skill(Infrastructure, "Spark", 30),
        skill(Infrastructure, "Airflow", 25),
        skill(Infrastructure, "dbt", 25),
        skill(Infrastructure, "Databricks", 15),
        skill(Cloud, "AWS", 25),
        skill(Cloud, "GCP", 15),
        skill(Tool, "Tableau", 30),
        skill(Tool, "Looker", 20),
        skill(Tool, "Jupyter", 40),
        skill(Tool, "Power BI", 12),
        skill(Method, "machine learning", 55),
        skill(Method, "statistics", 50),
        skill(Method, "A/B testing", 40),
        skill(Method, "causal inference", 15),
        skill(Method, "time series forecasting", 20),
        skill(Method, "NLP", 15),
        skill(Method, "deep learning", 20),
        skill(Method, "Bayesian modelling", 10),
    ],
    titles: [
        &["Junior Data Analyst", "Data Science Intern", "Junior Data Scientist"],
        &["Data Scientist", "Data Analyst", "Machine Learning Engineer"],
        &["Senior Data Scientist", "Senior Machine Learning Engineer"],
        &["Lead Data Scientist", "Principal Data Scientist", "Head of Data Science"],
    ],
    achievements: &[
        "Built a churn model in {Library} that reached an AUC of 0.{78..93} and now drives weekly retention campaigns",
        "Applied {Method} to {10..40} product experiments a quarter, standardising how results are reported",
        "Cut the weekly forecasting job from {6..12} hours to {20..50} minutes by moving it to {Infrastructure}",
        "Shipped a demand forecast that reduced stockouts by {8..25}% across {30..200} stores",
        "Built {Tool} dashboards that {50..400} people use each week",
        "Wrote {Language} tooling that standardised feature engineering for {3..8} teams",
        "Improved search ranking NDCG by {3..12}% with a learning-to-rank model trained in {Library}",
        "Designed pricing experiments worth an estimated {1..9}.{0..9} million in annual revenue",
        "Modelled {Datastore} event data to attribute {60..90}% of acquisition spend to channels",
        "Reduced false positives in fraud screening by {20..45}% using {Method}",
        "Automated {10..30} recurring reports with {Infrastructure}, saving analysts {8..20} hours a week",
    ],
    duties: &[
        "Made reports and charts in {Tool}",
        "Cleaned data and wrote queries in {Language}",
        "Assisted senior data scientists with modelling tasks",
        "Answered ad-hoc data requests from the {team} team",
        "Maintained existing dashboards and fixed broken queries",
    ],
    openers: &[
        "Data scientist with {years} of experience building models in {Language} for {team} teams.",
        "Analyst turned data scientist with {years} of experience in experimentation and forecasting.",
    ],
    junior_openers: &[
        "Recent graduate in a quantitative field looking for a first data science role.",
        "Junior analyst with {years} of experience and a habit of checking every number twice.",
    ],
    focus: &[
        "Strongest in {Method} and in explaining uncertainty to non-specialists.",
        "Builds pipelines in {Infrastructure} and models in {Library}.",
    ],
    projects: &[
        ("Rainfall Nowcast", "short-term rainfall prediction from public radar images"),
        ("Bookshelf Recs", "a book recommender trained on 2 million public ratings"),
        ("Transit Delays", "an analysis of five years of open bus delay data"),
        ("Sentiment Tracker", "daily sentiment scoring of product reviews"),
    ],
    degrees: &[
        degree(Bachelor, Science, "Statistics"),
        degree(Bachelor, Science, "Mathematics"),
        degree(Bachelor, Arts, "Economics"),
        degree(Bachelor, Science, "Physics"),
        degree(Master, Science, "Data Science"),
        degree(Master, Science, "Applied Mathematics"),
        degree(Master, Science, "Statistics"),
        degree(Doctorate, Science, "Physics"),
        degree(Doctorate, Science, "Computational Biology"),
    ],
    art_school_percent: 0,
};

pub(super) static FRONTEND: Vocabulary = Vocabulary {
    skills: &[
        skill(Language, "JavaScript", 70),
        skill(Language, "TypeScript", 65),
        skill(Language, "HTML", 60),
        skill(Language, "CSS", 60),
        skill(Language, "Sass", 20),
        skill(Framework, "React", 70),
        skill(Framework, "Next.js", 30),
        skill(Framework, "Vue", 20),
        skill(Framework, "Angular", 15),
        skill(Framework, "Svelte", 8),
        skill(Framework, "Redux", 25),
        skill(Framework, "Tailwind CSS", 25),
        skill(Framework, "Node.js", 35),
        skill(Testing, "Jest", 40),
        skill(Testing, "Cypress", 25),
        skill(Testing, "Playwright", 20),
        skill(Testing, "Testing Library", 25),
        skill(Build, "Webpack", 25),
        skill(Build, "Vite", 25),
        skill(Build, "esbuild", 8),
        skill(Tool, "Storybook", 25),
        skill(Tool, "Figma", 25),
        skill(Architecture, "GraphQL", 25),
        skill(Monitoring, "Sentry", 15),
        skill(Practice, "accessibility", 40),
        skill(Practice, "web performance", 30),
        skill(Practice, "design systems", 25),
        skill(Practice, "responsive design", 35),
        skill(Practice, "progressive web apps", 10),
    ],
    titles: [
        &["Junior Frontend Developer", "Frontend Intern", "Junior Web Developer"],
        &["Frontend Engineer", "Front-End Developer", "UI Engineer", "Web Developer"],
        &["Senior Frontend Engineer", "Senior UI Engineer"],
        &["Staff Frontend Engineer", "Frontend Lead", "Principal Engineer"],
    ],
    achievements: &[
        "Rebuilt the {team} checkout in {Framework}, improving Largest Contentful Paint from {3..6}.{0..9} s to {1..2}.{0..9} s",
        "Shrank the main bundle by {30..65}% with code splitting and a move to {Build}",
        "Raised end-to-end test coverage from {20..40}% to {70..90}% with {Testing}",
        "Migrated {40..200}k lines of legacy jQuery code to {Framework} without a feature freeze",
        "Championed {Practice} across {3..7} product teams and added automated checks to CI",
        "Documented {40..150} shared components in {Tool} for {4..12} teams",
        "Cut time to interactive on low-end phones by {30..60}% by deferring {10..40} third-party scripts",
        "Wrote {Language} utilities for form validation now used in {10..40} screens",
        "Built a real-time {team} dashboard in {Framework} that streams {1..9}k updates per minute",
        "Reduced front-end error rate by {40..80}% after adding source maps and {Monitoring} alerts",
        "Delivered a responsive redesign that lifted mobile conversion by {8..25}%",
    ],
    duties: &[
        "Built UI components from designs",
        "Fixed layout bugs across browsers",
        "Worked on the {team} web app using {Framework}",
        "Updated styles and content on marketing pages",
        "Wrote unit tests with {Testing}",
    ],
    openers: &[
        "Frontend engineer with {years} of experience building fast, accessible interfaces in {Framework}.",
        "Web developer with {years} of experience shipping {team} features in {Language}.",
        "Frontend developer with {years} of experience turning designs into interfaces people enjoy using.",
    ],
    junior_openers: &[
        "Self-taught web developer looking for a first frontend role.",
        "Junior frontend developer with {years} of experience and a love of tidy interfaces.",
    ],
    focus: &[
        "Cares about {Practice} and about the details users notice.",
        "Comfortable pairing with designers in {Tool}.",
    ],
    projects: &[
        ("Pixel Budget", "a browser extension that flags slow-loading images"),
        ("Recipe Box", "an offline-first recipe app"),
        ("Chartlet", "a tiny charting library with zero dependencies"),
        ("Form Kit", "accessible form components with built-in validation"),
    ],
    degrees: &[
        degree(Bachelor, Science, "Computer Science"),
        degree(Bachelor, Arts, "Digital Media"),
        degree(Bachelor, Science, "Information Systems"),
        degree(Bachelor, Arts, "English Literature"),
        degree(Master, Science, "Web Technologies"),
    ],
    art_school_percent: 10,
};

pub(super) static DEVOPS: Vocabulary = Vocabulary {
    skills: &[
        skill(Cloud, "AWS", 60),
        skill(Cloud, "GCP", 25),
        skill(Cloud, "Azure", 20),
        skill(Infrastructure, "Kubernetes", 60),
        skill(Infrastructure, "Docker", 65),
        skill(Tool, "Helm", 30),
        skill(Tool, "Linux", 60),
        skill(Tool, "Nginx", 20),
        skill(Tool, "Vault", 15),
        skill(Infrastructure, "Nomad", 5),
        skill(Automation, "Terraform", 55),
        skill(Automation, "Ansible", 30),
        skill(Automation, "Pulumi", 8),
        skill(Automation, "Bash", 50),
        skill(Automation, "Python", 40),
        skill(Automation, "Go", 20),
        skill(Delivery, "Jenkins", 25),
        skill(Delivery, "GitHub Actions", 35),
        skill(Delivery, "GitLab CI", 25),
        skill(Delivery, "Argo CD", 20),
        skill(Delivery, "CI/CD", 55),
        skill(Monitoring, "Prometheus", 45),
        skill(Monitoring, "Grafana", 45),
        skill(Monitoring, "Datadog", 20),
        skill(Monitoring, "OpenTelemetry", 15),
        skill(Monitoring, "ELK stack", 20),
        skill(Practice, "observability", 40),
        skill(Practice, "incident response", 30),
        skill(Practice, "SRE", 20),
        skill(Practice, "chaos engineering", 8),
        skill(Messaging, "Kafka", 10),
        skill(Datastore, "PostgreSQL", 15),
        skill(Datastore, "Redis", 15),
        skill(Architecture, "distributed systems", 12),
        skill(Language, "Rust", 6),
    ],
    titles: [
        &["Junior DevOps Engineer", "IT Support Engineer", "Junior Systems Administrator"],
        &["DevOps Engineer", "Site Reliability Engineer", "Systems Engineer", "Cloud Engineer"],
        &["Senior DevOps Engineer", "Senior Site Reliability Engineer", "Senior Cloud Engineer"],
        &[
            "Staff Site Reliability Engineer",
            "Lead DevOps Engineer",
            "Principal Infrastructure Engineer",
            "Head of Platform",
        ],
    ],
    achievements: &[
        "Moved {30..120} services to {Infrastructure} and cut deploy time from {30..60} to {4..10} minutes",
        "Codified {Cloud} accounts with {Automation}, replacing {100..400} hand-made console resources",
        "Cut monthly {Cloud} costs by {18..45}% through rightsizing, spot capacity and storage lifecycle rules",
        "Built {Delivery} pipelines for {20..90} repositories with automated rollbacks",
        "Set up {Monitoring} alerting that cut paging noise by {40..75}%",
        "Led {Practice} work for {4..9} teams, bringing mean time to recovery from {90..240} to {15..40} minutes",
        "Wrote {Automation} tooling that rotates {200..900} secrets a month without downtime",
        "Upgraded {40..150} nodes across {3..8} clusters with zero customer-facing incidents",
        "Hardened base images, cutting critical CVEs from {40..120} to {2..5}",
        "Ran {4..12} game days that exposed {6..20} failure modes before customers did",
    ],
    duties: &[
        "Handled tickets for access requests and server issues",
        "Maintained {Infrastructure} environments and patched them monthly",
        "Wrote {Automation} scripts for routine tasks",
        "Monitored dashboards and escalated alerts",
        "Assisted with cloud migrations on {Cloud}",
    ],
    openers: &[
        "DevOps engineer with {years} of experience running production systems on {Cloud}.",
        "Site reliability engineer with {years} of experience keeping {team} platforms up.",
    ],
    junior_openers: &[
        "Junior systems engineer with {years} of experience, moving from IT support into infrastructure work.",
        "Career changer looking for a first DevOps role after a year of home-lab automation.",
    ],
    focus: &[
        "Automates everything twice: once in {Automation}, once in the runbook.",
        "Most at home with {Infrastructure} and {Monitoring}.",
    ],
    projects: &[
        ("Homelab", "a three-node cluster running personal services with GitOps"),
        ("Costwatch", "a daily cloud cost report posted to chat"),
        ("Rotator", "a secret rotation job with a dry-run mode"),
        ("Runbook Bot", "a chat bot that links alerts to runbooks"),
    ],
    degrees: &[
        degree(Bachelor, Science, "Computer Science"),
        degree(Bachelor, Engineering, "Electrical Engineering"),
        degree(Bachelor, Science, "Information Technology"),
        degree(Bachelor, Science, "Network Engineering"),
        degree(Master, Science, "Cloud Computing"),
    ],
    art_school_percent: 0,
};
