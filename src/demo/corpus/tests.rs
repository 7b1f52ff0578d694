//! The corpus's properties: deterministic, within bounds, parseable, and spread.

use super::*;

use regex::Regex;
use std::collections::HashSet;

const BACKEND_CRITERIA: [&str; 8] =
    ["Rust", "PostgreSQL", "distributed systems", "Kubernetes", "Kafka", "gRPC", "AWS", "observability"];
const DESIGNER_CRITERIA: [&str; 6] =
    ["Figma", "user research", "prototyping", "design systems", "accessibility", "usability testing"];

/// A spread of profiles over several seeds and every track.
fn sample_profiles(per_track: u64) -> Vec<CandidateProfile> {
    let mut profiles = Vec::new();
    for seed in [0, 1, 42, u64::MAX] {
        for track in Track::ALL {
            profiles.extend((0..per_track).map(|index| candidate(seed, index, track)));
        }
    }
    profiles
}

fn whole_word(term: &str) -> Regex {
    Regex::new(&format!(r"(?i)\b{}\b", regex::escape(term))).expect("valid pattern")
}

fn all_heading_lines() -> HashSet<String> {
    let texts = [
        tables::SUMMARY_HEADINGS,
        tables::SKILLS_HEADINGS,
        tables::EXPERIENCE_HEADINGS,
        tables::EDUCATION_HEADINGS,
        tables::PROJECTS_HEADINGS,
    ];
    let mut lines = HashSet::new();
    for text in texts.iter().flat_map(|list| list.iter()) {
        lines.insert(text.to_uppercase());
        lines.insert(format!("{text}:"));
        lines.insert(format!("## {text}"));
        lines.insert((*text).to_string());
    }
    lines
}

/// The date-range formats the parser accepts, capturing both ends.
fn date_range_pattern() -> Regex {
    let months = "Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|January|February|March|\
                  April|June|July|August|September|October|November|December";
    let date = format!(r"(?:(?:{months}) \d{{4}}|\d{{2}}/\d{{4}}|\d{{4}})");
    Regex::new(&format!(r"(?P<start>{date})\s*(?:-|–|—|to)\s*(?P<end>{date}|Present|Current)")).expect("valid pattern")
}

/// `(year, month 1..=12 if given)` of one end of a range.
fn parse_date(text: &str) -> (u32, Option<u32>) {
    if text == "Present" || text == "Current" {
        return (2026, Some(11));
    }
    if let Some((month, year)) = text.split_once('/') {
        return (year.parse().unwrap(), Some(month.parse().unwrap()));
    }
    if let Some((month, year)) = text.split_once(' ') {
        let number =
            tables::SHORT_MONTHS.iter().position(|short| month.starts_with(short)).expect("a month name") as u32 + 1;
        return (year.parse().unwrap(), Some(number));
    }
    (text.parse().unwrap(), None)
}

#[test]
fn same_arguments_give_an_identical_profile() {
    for track in Track::ALL {
        for index in [0, 1, 999, 123_456_789] {
            assert_eq!(candidate(5, index, track), candidate(5, index, track));
        }
    }
}

#[test]
fn known_output_never_changes() {
    // Pins the generator: any change to the PRNG, tables or layout breaks
    // reproducibility of seeded load tests and should be deliberate.
    let profile = candidate(2024, 7, Track::BackendEngineer);
    let checksum = profile
        .resume_text
        .bytes()
        .fold(0xCBF2_9CE4_8422_2325_u64, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01B3));
    assert_eq!((profile.email.as_str(), profile.years_experience, checksum), PINNED_OUTPUT);
}

const PINNED_OUTPUT: (&str, u32, u64) = ("analee7@example.org", 1, 18392852861398197888);

#[test]
fn different_indices_give_different_emails() {
    assert_ne!(candidate(3, 0, Track::BackendEngineer).email, candidate(3, 1, Track::BackendEngineer).email);
}

#[test]
fn emails_are_unique_over_ten_thousand_indices() {
    let emails: HashSet<String> =
        (0..10_000).map(|index| candidate(9, index, track_for(9, index, Track::BackendEngineer)).email).collect();
    assert_eq!(emails.len(), 10_000);
}

#[test]
fn identity_does_not_depend_on_the_track() {
    let backend = candidate(4, 17, Track::BackendEngineer);
    let designer = candidate(4, 17, Track::ProductDesigner);
    assert_eq!((&backend.name, &backend.email, &backend.phone), (&designer.name, &designer.email, &designer.phone));
    assert_ne!(backend.resume_text, designer.resume_text);
}

#[test]
fn every_resume_opens_with_the_name_then_the_contact_line() {
    for profile in sample_profiles(120) {
        let mut lines = profile.resume_text.lines();
        assert_eq!(lines.next(), Some(profile.name.as_str()));
        let contact = lines.next().expect("a contact line");
        assert!(contact.starts_with(&profile.email), "{contact}");
        if let Some(phone) = &profile.phone {
            assert!(contact.contains(phone.as_str()), "{contact}");
        }
    }
}

#[test]
fn every_resume_has_at_least_three_section_headings() {
    let headings = all_heading_lines();
    for profile in sample_profiles(120) {
        let found = profile.resume_text.lines().filter(|line| headings.contains(*line)).count();
        assert!(found >= 3, "{}", profile.resume_text);
    }
}

#[test]
fn experience_date_ranges_use_allowed_formats_and_end_by_november_2026() {
    let pattern = date_range_pattern();
    for profile in sample_profiles(120) {
        let mut ranges = 0;
        for line in profile.resume_text.lines() {
            for found in pattern.captures_iter(line) {
                ranges += 1;
                let whole = found.get(0).unwrap();
                let alone = whole.start() == 0 && whole.end() == line.len();
                let inline = line.ends_with(&format!("({})", whole.as_str()));
                assert!(alone || inline, "date range inside prose: {line}");
                let start = parse_date(&found["start"]);
                let end = parse_date(&found["end"]);
                assert!(start <= end, "{line}");
                assert!(end <= (2026, Some(11)) && end.0 <= 2026, "{line}");
            }
        }
        assert!((2..=5).contains(&ranges), "{}", profile.resume_text);
    }
}

#[test]
fn month_precise_date_ranges_add_up_to_the_years_of_experience() {
    let pattern = date_range_pattern();
    let mut checked = 0;
    for profile in sample_profiles(100) {
        let mut spans: Vec<(u32, u32)> = Vec::new();
        for found in pattern.captures_iter(&profile.resume_text) {
            let (start, end) = (parse_date(&found["start"]), parse_date(&found["end"]));
            if let (Some(start_month), Some(end_month)) = (start.1, end.1) {
                spans.push((start.0 * 12 + start_month, end.0 * 12 + end_month));
            }
        }
        if spans.len() < 2 {
            continue;
        }
        spans.sort_unstable();
        let (mut months, mut covered_until) = (0, 0);
        for (start, end) in spans {
            let first_new = start.max(covered_until + 1);
            months += (end + 1).saturating_sub(first_new);
            covered_until = covered_until.max(end);
        }
        assert_eq!(months / 12, profile.years_experience, "{}", profile.resume_text);
        checked += 1;
    }
    assert!(checked > 1000);
}

#[test]
fn years_of_experience_cover_zero_to_twenty() {
    let years: HashSet<u32> = sample_profiles(100).iter().map(|profile| profile.years_experience).collect();
    assert_eq!(years, (0..=20).collect());
}

#[test]
fn resumes_have_between_150_and_900_words_and_use_the_range() {
    let counts: Vec<usize> = sample_profiles(300).iter().map(|profile| count_words(&profile.resume_text)).collect();
    assert!(counts.iter().all(|count| (150..=900).contains(count)));
    assert!(counts.iter().any(|&count| count < 200));
    assert!(counts.iter().any(|&count| count > 650));
}

#[test]
fn no_resume_mentions_a_domain_outside_the_example_domains() {
    let address = Regex::new(r"@([A-Za-z0-9.-]+)").unwrap();
    for profile in sample_profiles(120) {
        for found in address.captures_iter(&profile.resume_text) {
            assert!(tables::EXAMPLE_DOMAINS.contains(&&found[1]), "{}", &found[0]);
        }
        let domain = profile.email.split_once('@').unwrap().1;
        assert!(tables::EXAMPLE_DOMAINS.contains(&domain));
    }
}

#[test]
fn phone_numbers_come_from_ranges_reserved_for_fiction() {
    let fictional =
        Regex::new(r"^(\+1 \d{3} 555 01\d{2}|\+44 (20 7946 0|161 496 0|117 496 0|131 496 0|7700 900)\d{3})$").unwrap();
    let phones: Vec<String> = sample_profiles(100).into_iter().filter_map(|profile| profile.phone).collect();
    assert!(phones.len() > 1000);
    for phone in phones {
        assert!(fictional.is_match(&phone), "{phone}");
    }
}

#[test]
fn backend_vocabulary_contains_every_demo_criterion() {
    let names: Vec<&str> = tables::BACKEND.skills.iter().map(|skill| skill.name).collect();
    for term in BACKEND_CRITERIA {
        assert!(names.contains(&term), "{term}");
    }
}

#[test]
fn designer_vocabulary_contains_every_demo_criterion() {
    let names: Vec<&str> = tables::DESIGNER.skills.iter().map(|skill| skill.name).collect();
    for term in DESIGNER_CRITERIA {
        assert!(names.contains(&term), "{term}");
    }
}

#[test]
fn backend_must_haves_appear_at_varied_rates_and_in_every_combination() {
    let rust = whole_word("Rust");
    let postgres = whole_word("PostgreSQL");
    let distributed = whole_word("distributed systems");
    let (mut with_rust, mut with_postgres, mut with_distributed) = (0, 0, 0);
    let (mut all_three, mut none) = (0, 0);
    let total = 3000;
    for index in 0..total {
        let text = candidate(77, index, Track::BackendEngineer).resume_text;
        let found = [rust.is_match(&text), postgres.is_match(&text), distributed.is_match(&text)];
        with_rust += usize::from(found[0]);
        with_postgres += usize::from(found[1]);
        with_distributed += usize::from(found[2]);
        all_three += usize::from(found.iter().all(|&hit| hit));
        none += usize::from(found.iter().all(|&hit| !hit));
    }
    let percent = |count: usize| count * 100 / total as usize;
    assert!((50..=70).contains(&percent(with_rust)), "Rust {}", percent(with_rust));
    assert!((60..=80).contains(&percent(with_postgres)), "PostgreSQL {}", percent(with_postgres));
    assert!((40..=60).contains(&percent(with_distributed)), "distributed systems {}", percent(with_distributed));
    assert!(percent(all_three) >= 10 && none > 0, "all {all_three}, none {none}");
}

#[test]
fn designer_criteria_appear_in_some_resumes_but_not_all() {
    let resumes: Vec<String> =
        (0..1000).map(|index| candidate(78, index, Track::ProductDesigner).resume_text).collect();
    for term in DESIGNER_CRITERIA {
        let pattern = whole_word(term);
        let hits = resumes.iter().filter(|text| pattern.is_match(text)).count();
        assert!((200..=900).contains(&hits), "{term}: {hits}");
    }
}

#[test]
fn backend_resumes_contain_near_misses_for_whole_word_matching() {
    let resumes: Vec<String> =
        (0..1000).map(|index| candidate(79, index, Track::BackendEngineer).resume_text).collect();
    let java = whole_word("Java");
    let contains = |word: &str| resumes.iter().any(|text| text.contains(word));
    assert!(resumes.iter().any(|text| text.contains("JavaScript") && !java.is_match(text)));
    assert!(resumes.iter().any(|text| text.contains("MongoDB") && whole_word("Go").is_match(text)));
    for near_miss in ["going", "trusted", "frustrating", "laws", "distributed teams"] {
        assert!(contains(near_miss), "{near_miss}");
    }
}

/// Every fixed text a resume can contain, outside the skill names.
fn fixed_texts() -> Vec<&'static str> {
    let mut texts: Vec<&'static str> = Vec::new();
    for list in [
        tables::SHARED_ACHIEVEMENTS,
        tables::EXTENSIONS,
        tables::FOLLOW_UPS,
        tables::CLOSINGS,
        tables::TEAMS,
        tables::COMPANY_FIRST_WORDS,
        tables::COMPANY_SECOND_WORDS,
        tables::UNIVERSITIES,
        tables::ART_SCHOOLS,
        tables::SUMMARY_HEADINGS,
        tables::SKILLS_HEADINGS,
        tables::EXPERIENCE_HEADINGS,
        tables::EDUCATION_HEADINGS,
        tables::PROJECTS_HEADINGS,
    ] {
        texts.extend_from_slice(list);
    }
    texts.extend(SkillKind::ALL.map(SkillKind::label));
    for track in Track::ALL {
        let vocabulary = track.vocabulary();
        for list in [
            vocabulary.achievements,
            vocabulary.duties,
            vocabulary.openers,
            vocabulary.junior_openers,
            vocabulary.focus,
        ] {
            texts.extend_from_slice(list);
        }
        vocabulary.titles.iter().for_each(|titles| texts.extend_from_slice(titles));
        for (name, description) in vocabulary.projects {
            texts.extend([*name, *description]);
        }
        texts.extend(vocabulary.degrees.iter().map(|degree| degree.field));
    }
    texts
}

#[test]
fn fixed_text_never_names_a_demo_criterion() {
    let criteria: Vec<Regex> =
        BACKEND_CRITERIA.iter().chain(DESIGNER_CRITERIA.iter()).map(|term| whole_word(term)).collect();
    for text in fixed_texts() {
        for criterion in &criteria {
            assert!(!criterion.is_match(text), "{criterion} in {text:?}");
        }
    }
}

#[test]
fn every_template_expands_for_a_candidate_with_every_skill_of_its_track() {
    for track in Track::ALL {
        let vocabulary = track.vocabulary();
        let skills: Vec<&'static Skill> = vocabulary.skills.iter().collect();
        let mut random = SplitMix64::for_stream(1, 2, 3);
        let mut expander = Expander { random: &mut random, skills: &skills, years: 7 };
        let templates = [
            vocabulary.achievements,
            vocabulary.duties,
            vocabulary.openers,
            vocabulary.junior_openers,
            vocabulary.focus,
            tables::SHARED_ACHIEVEMENTS,
            tables::EXTENSIONS,
            tables::FOLLOW_UPS,
            tables::CLOSINGS,
        ];
        let mut out = String::new();
        for template in templates.iter().flat_map(|list| list.iter()) {
            out.clear();
            assert!(expander.expand(template, &mut out), "{template}");
            assert!(!out.contains('{') && !out.contains('}'), "{out}");
        }
    }
}

#[test]
fn template_lists_fit_the_used_template_bitmask() {
    let mut lists = vec![tables::SHARED_ACHIEVEMENTS, tables::EXTENSIONS, tables::FOLLOW_UPS];
    for track in Track::ALL {
        lists.extend([track.vocabulary().achievements, track.vocabulary().duties]);
    }
    assert!(lists.iter().all(|list| !list.is_empty() && list.len() <= 64));
}

#[test]
fn shared_achievements_and_one_opener_per_track_name_no_skills() {
    let names_a_skill = |text: &str| SkillKind::ALL.iter().any(|kind| text.contains(&format!("{{{}}}", kind.tag())));
    assert!(!tables::SHARED_ACHIEVEMENTS.iter().any(|text| names_a_skill(text)));
    assert!(!tables::EXTENSIONS.iter().any(|text| names_a_skill(text)));
    assert!(!tables::FOLLOW_UPS.iter().any(|text| names_a_skill(text)));
    for track in Track::ALL {
        let vocabulary = track.vocabulary();
        for openers in [vocabulary.openers, vocabulary.junior_openers] {
            assert!(openers.iter().any(|text| !names_a_skill(text)), "{track:?}");
        }
    }
}

#[test]
fn every_vocabulary_is_large_and_its_requirements_come_first() {
    for track in Track::ALL {
        let skills = track.vocabulary().skills;
        assert!(skills.len() >= 20, "{track:?}");
        for (position, skill) in skills.iter().enumerate() {
            if let Some(required) = skill.requires {
                assert!(
                    skills[..position].iter().any(|earlier| earlier.name == required),
                    "{} requires {required}",
                    skill.name
                );
            }
        }
    }
}

#[test]
fn education_institutions_name_a_recognised_kind_of_school() {
    let keywords = ["University", "College", "Institute", "School", "Academy", "Polytechnic"];
    for institution in tables::UNIVERSITIES.iter().chain(tables::ART_SCHOOLS) {
        assert!(keywords.iter().any(|keyword| institution.contains(keyword)), "{institution}");
        assert!(!institution.contains(',') && !institution.contains('|'), "{institution}");
    }
}

#[test]
fn name_lists_are_large_international_and_fold_to_ascii() {
    assert!(tables::FIRST_NAMES.len() >= 60 && tables::LAST_NAMES.len() >= 60);
    for name in tables::FIRST_NAMES.iter().chain(tables::LAST_NAMES) {
        let folded = ascii_fold(name);
        assert!(!folded.is_empty(), "{name}");
        assert!(folded.bytes().all(|byte| byte.is_ascii_lowercase()), "{name} -> {folded}");
    }
    assert_eq!(ascii_fold("Łukasz"), "lukasz");
    assert_eq!(ascii_fold("O'Brien"), "obrien");
}

#[test]
fn fast_word_count_agrees_with_split_whitespace() {
    for text in ["", " ", "one", " one  two\n", "a\n\nb\tc ", "Zoë · Łukasz — x"] {
        assert_eq!(count_words(text), text.split_whitespace().count(), "{text:?}");
    }
    for profile in sample_profiles(20) {
        let text = &profile.resume_text;
        assert_eq!(count_words(text), text.split_whitespace().count());
    }
    let long = "word ".repeat(1000);
    assert_eq!(count_words(&long), 1000);
}

#[test]
fn track_for_mostly_returns_the_primary_track() {
    let tracks: Vec<Track> = (0..2000).map(|index| track_for(12, index, Track::ProductDesigner)).collect();
    let primary = tracks.iter().filter(|&&track| track == Track::ProductDesigner).count();
    assert!((1300..=1700).contains(&primary), "{primary}");
    for track in Track::ALL {
        assert!(tracks.contains(&track), "{track:?}");
    }
    assert_eq!(track_for(12, 5, Track::DataScientist), track_for(12, 5, Track::DataScientist));
}

#[test]
fn resumes_vary_in_layout() {
    let profiles = sample_profiles(100);
    let has = |needle: &str| profiles.iter().any(|profile| profile.resume_text.contains(needle));
    for needle in [
        "## ",
        "SKILLS",
        "Skills:\n",
        " at ",
        " | ",
        " — ",
        "Languages: ",
        "\n• ",
        "\n* ",
        "Present",
        "Current",
        " to ",
        "/20",
        "Tech: ",
        "github.com/",
        "linkedin.com/in/",
    ] {
        assert!(has(needle), "{needle:?}");
    }
}
