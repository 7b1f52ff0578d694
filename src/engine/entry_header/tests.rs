use super::*;

#[test]
fn a_unit_in_brackets_after_the_employer_is_neither_place_nor_name() {
    let header = parse_entry_header(&["Building Inspector I, Tallgrass County (Building Division) — Elizabeth, CO"]);
    assert_eq!(header.title.as_deref(), Some("Building Inspector I"));
    assert_eq!(header.company.as_deref(), Some("Tallgrass County"));
    assert_eq!(header.location.as_deref(), Some("Elizabeth, CO"));
}

#[test]
fn a_unit_of_the_employer_after_a_comma_is_not_part_of_its_name() {
    let header = parse_entry_header(&[
        "Research Technician (seasonal) — Prairie Lakes University, Department of Plant Sciences — Ames, IA",
    ]);
    assert_eq!(header.company.as_deref(), Some("Prairie Lakes University"));
    let header = parse_entry_header(&["Clerk — State Public Defender, Milwaukee Trial Office — Milwaukee, WI"]);
    assert_eq!(header.company.as_deref(), Some("State Public Defender"));
    let header = parse_entry_header(&["Lab Assistant — Valley State University, Dept. of Chemistry"]);
    assert_eq!(header.company.as_deref(), Some("Valley State University"));
    let header = parse_entry_header(&[
        "Postdoctoral Scholar",
        "Department of Fisheries and Wildlife, Cascadia State University, Newport, OR",
    ]);
    assert_eq!(header.title.as_deref(), Some("Postdoctoral Scholar"));
    assert_eq!(header.company.as_deref(), Some("Cascadia State University"), "the unit may come first");
    // An armed service's unit follows the service as a department does.
    let header = parse_entry_header(&[
        "Information Technology Specialist, Sergeant",
        "U.S. Army, 82nd Sustainment Brigade, Fort Liberty, NC",
    ]);
    assert_eq!(header.company.as_deref(), Some("U.S. Army"));
    assert_eq!(header.location.as_deref(), Some("Fort Liberty, NC"));
    // A name that holds `of` after another word is the name.
    let header = parse_entry_header(&["Analyst — Acme Corp, Bank of the West"]);
    assert_ne!(header.company.as_deref(), Some("Acme Corp"));
}

#[test]
fn a_doer_before_a_comma_is_the_title_at_the_name_after_it() {
    let header = parse_entry_header(&["CART Captioner (part-time, remote), Lumen Access Captioning"]);
    assert_eq!(header.title.as_deref(), Some("CART Captioner (part-time, remote)"));
    assert_eq!(header.company.as_deref(), Some("Lumen Access Captioning"));
}

#[test]
fn a_doer_before_at_is_the_title_at_the_company() {
    let header = parse_entry_header(&["Software Engineer, Autonomy at Keystone Field Robotics (Philadelphia, PA)"]);
    assert_eq!(header.title.as_deref(), Some("Software Engineer, Autonomy"), "a qualifier after a comma");
    assert_eq!(header.company.as_deref(), Some("Keystone Field Robotics"));
    let header = parse_entry_header(&["Herdsman at Gagnon Family Dairy — Highgate, VT"]);
    assert_eq!(header.title.as_deref(), Some("Herdsman"));
    assert_eq!(header.company.as_deref(), Some("Gagnon Family Dairy"));
    let header = parse_entry_header(&["Milker at Brault Brothers Farm"]);
    assert_eq!((header.title.as_deref(), header.company.as_deref()), (Some("Milker"), Some("Brault Brothers Farm")));
    // A place or a thing is no doer: the comma parts nothing here.
    let header = parse_entry_header(&["Community Center, Northside Parks"]);
    assert_ne!(header.title.as_deref(), Some("Community Center"));
    // A name with `at` in it is not one.
    assert_eq!(parse_entry_header(&["The Tower at Park Place"]).company, None);
}

#[test]
fn a_title_under_an_employer_and_its_place_is_not_the_place_wrapped() {
    // `Crew Leader` names a role: it is no wrapped end of `Boise, ID`.
    let header = parse_entry_header(&["Acme Turf — Boise, ID", "Crew Leader"]);
    assert_eq!(header.title.as_deref(), Some("Crew Leader"));
    assert_eq!(header.company.as_deref(), Some("Acme Turf"));
    assert_eq!(header.location.as_deref(), Some("Boise, ID"));
    let header = parse_entry_header(&["Pine & Oak Bakery — Duluth, MN", "Shift Leader"]);
    assert_eq!(header.title.as_deref(), Some("Shift Leader"));
}

#[test]
fn without_role_or_company_words_the_part_written_with_the_place_is_the_employer() {
    let header = parse_entry_header(&["Red River Line Construction, Wichita Falls, TX", "Groundman 2017 – 2019"]);
    assert_eq!(header.title.as_deref(), Some("Groundman 2017 – 2019"));
    assert_eq!(header.company.as_deref(), Some("Red River Line Construction"));
    let header = parse_entry_header(&["Caprock Linework — Lubbock, TX", "Groundman | 2017 – 2019"]);
    assert_eq!(header.company.as_deref(), Some("Caprock Linework"));
    // On one line, the usual order: the title first.
    let header = parse_entry_header(&["Groundman, Red River Line Construction, Wichita Falls, TX"]);
    assert_eq!(header.title.as_deref(), Some("Groundman"));
}

#[test]
fn an_employer_is_named_without_a_stores_number_and_own_account_work_has_none() {
    let header = parse_entry_header(&["Pharmacy Technician - CareMart Pharmacy #2241 - Athens, OH"]);
    assert_eq!(header.company.as_deref(), Some("CareMart Pharmacy"));
    let header = parse_entry_header(&["Freelance Developer — self-employed"]);
    assert_eq!((header.title.as_deref(), header.company), (Some("Freelance Developer"), None));
    // A number that is part of the name stays.
    let header = parse_entry_header(&["Cashier — Studio #B2"]);
    assert_eq!(header.company.as_deref(), Some("Studio #B2"));
}

#[test]
fn the_employer_is_the_company_that_pays() {
    // Named by its legal form, after the site where the work was.
    let header = parse_entry_header(&["Saguaro Medical Plaza — Larkspur Property Co., Tucson, AZ"]);
    assert_eq!(header.company.as_deref(), Some("Larkspur Property Co."));
    // The agency, not the client it placed the worker with.
    let header = parse_entry_header(&["Solar Installer — BrightMesa Labor Services, placed with Rio Grande Solar Co."]);
    assert_eq!(header.company.as_deref(), Some("BrightMesa Labor Services"));
    // How the job was held is neither employer nor title.
    let header = parse_entry_header(&["Military Police Specialist, U.S. Army", "Active duty"]);
    assert_eq!(header.company.as_deref(), Some("U.S. Army"));
    // A firm of accountants keeps its `CPAs`.
    let header = parse_entry_header(&["Office Administrator, Ridley, Tanaka & Co., CPAs"]);
    assert_eq!(header.company.as_deref(), Some("Ridley, Tanaka & Co., CPAs"));
}

#[test]
fn an_aside_is_not_part_of_the_employer_even_when_a_separator_cut_it() {
    let header = parse_entry_header(&["Licensed Sales Producer, Hollister Family Agency (captive), Gastonia, NC"]);
    assert_eq!(header.company.as_deref(), Some("Hollister Family Agency"));
    let header =
        parse_entry_header(&["Owner / Stylist", "Mari Q Hair Studio (suite at Verve Salon Suites), Tampa, FL"]);
    assert_eq!(header.company.as_deref(), Some("Mari Q Hair Studio"));
    let header = parse_entry_header(&["Line Cook, Tio Pepe's Grill, Allentown, PA — (part-time)"]);
    assert_eq!(header.company.as_deref(), Some("Tio Pepe's Grill"));
    let header = parse_entry_header(&["Live-in Caregiver — Private household"]);
    assert_eq!(header.company, None);
}

#[test]
fn roles_joined_by_a_dash_before_at_are_one_title() {
    let header = parse_entry_header(&["Site Supervisor — Armed Security Officer at Sentinel Ridge Services, Inc."]);
    assert_eq!(header.title.as_deref(), Some("Site Supervisor — Armed Security Officer"));
    assert_eq!(header.company.as_deref(), Some("Sentinel Ridge Services, Inc."));
    // `@` as well, whatever the letter after it.
    let header = parse_entry_header(&["Site Supervisor — Armed Security Officer @ Évora Guards, Inc."]);
    assert_eq!(header.company.as_deref(), Some("Évora Guards, Inc."));
    // One role before `at` after an employer's dash is split as before.
    let header = parse_entry_header(&["Acme Freight — Driver at the Leeds depot"]);
    assert_ne!(header.title.as_deref(), Some("Acme Freight — Driver"));
}

#[test]
fn a_comma_inside_brackets_does_not_part_title_from_company() {
    let header = parse_entry_header(&["LPN (per diem, agency)"]);
    assert_eq!((header.title.as_deref(), header.company), (Some("LPN (per diem, agency)"), None));
    let header = parse_entry_header(&["Charge Nurse (nights), Willow Bend Nursing Center"]);
    assert_eq!(header.company.as_deref(), Some("Willow Bend Nursing Center"));
}

#[test]
fn a_markdown_header_line_is_read_without_its_marks() {
    let header = parse_entry_header(&["### iOS Developer · Larkspur Mobile Studio"]);
    assert_eq!(header.title.as_deref(), Some("iOS Developer"));
    assert_eq!(header.company.as_deref(), Some("Larkspur Mobile Studio"));
    assert_eq!(without_markdown_marks("**Data Analyst | Acme**"), "Data Analyst | Acme");
    assert_eq!(without_markdown_marks("#1 Sales Rep"), "#1 Sales Rep");
}

proptest::proptest! {
    /// Skipping the separators whose bytes a line lacks changes nothing.
    #[test]
    fn a_line_splits_as_it_did_when_every_separator_was_searched_for(
        line in "([aAtT @|—–·•\t-]|Engineer|AT|Acme){0,12}",
    ) {
        proptest::prop_assert_eq!(split_line(&line), split_line_on(&line, SEPARATORS.into_iter()));
    }

    /// Counting role and company words in one pass counts what the two
    /// passes count, in any case, hyphenated or not, ASCII or not.
    #[test]
    fn role_and_company_words_counted_together_are_counted_as_apart(
        text in "(Nurse|NURSE|Engineer|EMT-Basic|Co-op|LLC|Inc\\.|Health|Hospital|Ärztin|Café|ÉCOLE|Acme|and|[ ,()/&:;\"-]){0,10}",
    ) {
        proptest::prop_assert_eq!(role_and_company_scores(&text), (role_score(&text), company_score(&text)));
    }
}

fn parts(lines: &[&str]) -> (Option<String>, Option<String>, Option<String>) {
    let header = parse_entry_header(lines);
    (header.title, header.company, header.location)
}

fn some(text: &str) -> Option<String> {
    Some(text.to_owned())
}

#[test]
fn a_bracket_after_a_role_qualifies_it_unless_it_is_a_known_place() {
    assert_eq!(
        parts(&["Assistant Teacher (Toddler Room)", "Hudson Hollow Child Development Center — Troy, NY"]),
        (some("Assistant Teacher (Toddler Room)"), some("Hudson Hollow Child Development Center"), some("Troy, NY"))
    );
    assert_eq!(
        parts(&["Billing Representative (Accounts Receivable) · Capitol Billing"]),
        (some("Billing Representative (Accounts Receivable)"), some("Capitol Billing"), None)
    );
    assert_eq!(
        parts(&["Pastry Cook — Northgate Bakery (Old Town)"]),
        (some("Pastry Cook"), some("Northgate Bakery"), some("Old Town"))
    );
}

#[test]
fn a_part_after_a_titles_dash_qualifies_it_when_the_employer_is_named_elsewhere() {
    assert_eq!(
        parts(&["Respiratory Therapist II — Neonatal/Pediatric ICU", "Lakeshore Children's Hospital"]),
        (some("Respiratory Therapist II — Neonatal/Pediatric ICU"), some("Lakeshore Children's Hospital"), None)
    );
    assert_eq!(
        parts(&["Hollis + Marrow Architects, PLLC", "Raleigh, NC", "Senior Interior Designer – Healthcare Studio"]),
        (
            some("Senior Interior Designer – Healthcare Studio"),
            some("Hollis + Marrow Architects, PLLC"),
            some("Raleigh, NC")
        )
    );
    // A place after the dash is the place; a role there is not a qualifier.
    assert_eq!(
        parts(&["Granite Bay Foods", "Line Cook — Sacramento, CA"]),
        (some("Line Cook"), some("Granite Bay Foods"), some("Sacramento, CA"))
    );
    let alone = parse_entry_header(&["Laboratory Technician I — Wet Chemistry", "Sacramento, CA"]);
    assert_eq!(
        (alone.title.as_deref(), alone.company.as_deref()),
        (Some("Laboratory Technician I"), Some("Wet Chemistry")),
        "alone, the part after the dash is taken for the employer"
    );
    assert_eq!(
        alone.qualifier,
        Qualifier::MaybeOf { qualified_title: "Laboratory Technician I — Wet Chemistry".to_owned() }
    );
}

#[test]
fn an_employers_aside_in_brackets_is_not_its_name_but_a_company_there_is_the_employer() {
    assert_eq!(
        parts(&["Pecan Valley Broadcasting (Channel 9), Austin, TX", "Promotions Editor (part-time)"]),
        (some("Promotions Editor (part-time)"), some("Pecan Valley Broadcasting"), some("Austin, TX"))
    );
    assert_eq!(
        parts(&["Maintenance Technician", "Desert Willow Apartments (Pima Residential, LLC), Tucson, AZ"]),
        (some("Maintenance Technician"), some("Pima Residential, LLC"), some("Tucson, AZ"))
    );
}

#[test]
fn a_tables_column_labels_are_not_parts_of_the_first_rows_header() {
    assert_eq!(
        parts(&["Job title | Company | Dates | Highlights", "Senior Financial Analyst | Thameside Renewables plc"]),
        (some("Senior Financial Analyst"), some("Thameside Renewables plc"), None)
    );
}

#[test]
fn a_legal_form_after_a_comma_stays_with_its_company() {
    assert_eq!(
        parts(&["Office Assistant, Buckeye Lane Realty, Inc., Parma, OH"]),
        (some("Office Assistant"), some("Buckeye Lane Realty, Inc."), some("Parma, OH"))
    );
    assert_eq!(parts(&["Bookkeeper, Harlow & Finch, LLC"]), (some("Bookkeeper"), some("Harlow & Finch, LLC"), None));
    assert_eq!(
        parts(&["Office Manager, Halvorsen, Beck & Ruiz LLP"]),
        (some("Office Manager"), some("Halvorsen, Beck & Ruiz LLP"), None),
        "the partners' names are one company"
    );
}

#[test]
fn title_company_and_location_in_the_common_orders() {
    assert_eq!(parts(&["Senior Engineer — Acme Corp"]), (some("Senior Engineer"), some("Acme Corp"), None));
    assert_eq!(parts(&["Senior Engineer at Acme"]), (some("Senior Engineer"), some("Acme"), None));
    assert_eq!(
        parts(&["Freightly | Account Executive | Chicago, IL"]),
        (some("Account Executive"), some("Freightly"), some("Chicago, IL"))
    );
    assert_eq!(
        parts(&["Frontend Engineering Intern — Brightlane Health, Boston, MA"]),
        (some("Frontend Engineering Intern"), some("Brightlane Health"), some("Boston, MA"))
    );
    assert_eq!(
        parts(&["Charge Nurse, Telemetry Unit", "Riverside Methodist Medical Center — Columbus, OH"]),
        (some("Charge Nurse, Telemetry Unit"), some("Riverside Methodist Medical Center"), some("Columbus, OH"))
    );
    assert_eq!(
        parts(&["Senior Project Manager — Peachtree Health", "Systems"]),
        (some("Senior Project Manager"), some("Peachtree Health Systems"), None)
    );
    assert_eq!(
        parts(&["Machine Learning Engineer II, Kaveri Commerce (Bengaluru)"]),
        (some("Machine Learning Engineer II"), some("Kaveri Commerce"), some("Bengaluru"))
    );
    // A kind of employment in brackets stays with the title.
    assert_eq!(
        parts(&["MATH TUTOR (PART-TIME)", "Quillan Learning Center, Sacramento, CA"]),
        (some("MATH TUTOR (PART-TIME)"), some("Quillan Learning Center"), some("Sacramento, CA"))
    );
    assert_eq!(
        parts(&["Recruiting Coordinator (Contract)", "Talentwise Staffing"]),
        (some("Recruiting Coordinator (Contract)"), some("Talentwise Staffing"), None)
    );
    assert_eq!(
        parts(&["Supply Chain Analyst, Harbourside Beverages, Sydney NSW"]),
        (some("Supply Chain Analyst"), some("Harbourside Beverages"), some("Sydney NSW"))
    );
    let header = parse_entry_header_with_anchor(&["Software Engineer — Bergen Telecom", "Bergen"], Some(1));
    assert_eq!(
        (header.title, header.company, header.location),
        (some("Software Engineer"), some("Bergen Telecom"), some("Bergen"))
    );
    assert_eq!(
        parts(&["Bank Teller, Rutherford Meadows Credit Union — Murfreesboro, TN"]),
        (some("Bank Teller"), some("Rutherford Meadows Credit Union"), some("Murfreesboro, TN"))
    );
    assert_eq!(
        parts(&["Fleet Dispatcher, Quarry Ridge Haulage Ltd"]),
        (some("Fleet Dispatcher"), some("Quarry Ridge Haulage Ltd"), None)
    );
    assert_eq!(
        parts(&["Security Analyst I (Tier 1 SOC)", "NORTHGATE DEFENSE SERVICES — Reston, VA"]),
        (some("Security Analyst I (Tier 1 SOC)"), some("NORTHGATE DEFENSE SERVICES"), some("Reston, VA"))
    );
    assert_eq!(
        parts(&["Account Executive — Pinewheel (Fintech, Denver, CO)"]),
        (some("Account Executive"), some("Pinewheel"), some("Denver, CO"))
    );
    assert_eq!(
        parts(&["Spreewald Mobility GmbH — Berlin", "Senior DevOps Engineer"]),
        (some("Senior DevOps Engineer"), some("Spreewald Mobility GmbH"), some("Berlin"))
    );
}

#[test]
fn at_parts_a_title_from_its_company_only_after_a_role() {
    assert_eq!(parts(&["Line Cook at Saltmarsh Bistro"]), (some("Line Cook"), some("Saltmarsh Bistro"), None));
    assert_eq!(
        parts(&["Prep Cook, The Granary at Hollins Mill, Portland, OR"]),
        (some("Prep Cook"), some("The Granary at Hollins Mill"), some("Portland, OR"))
    );
    assert_eq!(
        parts(&["The Boathouse at Linden Lake (Cumbria) — Functions Coordinator"]),
        (some("Functions Coordinator"), some("The Boathouse at Linden Lake"), some("Cumbria"))
    );
}

#[test]
fn locations_are_pairs_countries_cities_or_remote() {
    let the_country = ["Rotterdam, The Netherlands", "Cebu, the Philippines"];
    for location in ["Boston, MA", "Leeds, UK", "Remote", "Berlin", "Montréal, QC", "Lyon, France", "(Remote)"]
        .into_iter()
        .chain(the_country)
    {
        assert!(is_location(location), "{location}");
    }
    for other in ["Acme Corp", "Senior Engineer", "Brightlane Health", "Jan 2020", "JI-WOO HAN"] {
        assert!(!is_location(other), "{other}");
    }
}

#[test]
fn a_place_may_carry_its_zip_code_or_name_its_state_in_full() {
    let more = [
        "Saskatoon, SK S7H 0W4",
        "Minneapolis, Minnesota, United States",
        "Mississauga, ON L5B 3C2, Canada",
        "York YO31 7EQ",
        "Hay NSW 2711, Australia",
        "Hay NSW 2711",
    ];
    for location in
        ["Boise, ID 83702", "Austin, TX 78701-1234", "Denver, Colorado", "Toronto, Ontario"].into_iter().chain(more)
    {
        assert!(is_location(location), "{location}");
    }
    let others = ["Acme Corp 12345, Canada", "Senior Engineer YO31 7EQ", "Team ABC 1DE"];
    for other in ["Suite 400 83702", "Acme, Inc 12345", "Denver, Colorado 1234", "Acme Corp, Engineering"]
        .into_iter()
        .chain(others)
    {
        assert!(!is_location(other), "{other}");
    }
}

#[test]
fn a_code_in_brackets_after_the_employer_is_no_place() {
    let header =
        parse_entry_header(&["Western Slope Regional Airport (GJW) | Airport Operations Manager | Grand Junction, CO"]);
    assert_eq!(header.company.as_deref(), Some("Western Slope Regional Airport"));
    assert_eq!(header.location.as_deref(), Some("Grand Junction, CO"));
    let city = parse_entry_header(&["Kaveri Commerce (Bengaluru) | Analyst"]);
    assert_eq!(city.location.as_deref(), Some("Bengaluru"));
}

#[test]
fn the_judge_a_clerk_served_is_no_part_of_the_title() {
    let header = parse_entry_header(&[
        "Judicial Law Clerk to the Hon. R. T. Okonkwo-Bell",
        "Central Ohio District Court of Appeals · Columbus, OH",
    ]);
    assert_eq!(header.title.as_deref(), Some("Judicial Law Clerk"));
    assert_eq!(header.company.as_deref(), Some("Central Ohio District Court of Appeals"));
    let header = parse_entry_header(&["Law Clerk to Judge Ana Ruiz, Tenth Circuit Court of Appeals"]);
    assert_eq!(header.title.as_deref(), Some("Law Clerk"));
}

#[test]
fn an_aside_after_a_place_on_its_own_line_leaves_the_place() {
    let header = parse_entry_header(&[
        "Territory Manager, Trauma & Extremities — Summit Orthopedic Systems, Inc.",
        "Fort Collins, CO (territory: Northern Colorado & Wyoming)",
    ]);
    assert_eq!(header.title.as_deref(), Some("Territory Manager, Trauma & Extremities"));
    assert_eq!(header.company.as_deref(), Some("Summit Orthopedic Systems, Inc."));
    assert_eq!(header.location.as_deref(), Some("Fort Collins, CO"));
}

#[test]
fn a_helper_is_a_role_after_the_employers_dash() {
    let header = parse_entry_header(&["Green Country Auto Body — Body Shop Helper / Prep Tech", "Sand Springs, OK"]);
    assert_eq!(header.title.as_deref(), Some("Body Shop Helper / Prep Tech"));
    assert_eq!(header.company.as_deref(), Some("Green Country Auto Body"));
}
